import { MembershipFormPage, MembershipListPage } from "../pages/MembershipPages";
import { text, UserListPage } from "../pages/UserPages";
import { expect, test, useBrowser } from "../support/browser";

const title = `Tier ${Date.now().toString(36)}`;

test.describe("memberships", () => {
  const s = useBrowser();

  test("says under its title the promotion rule of docs/REQUIREMENTS.md section 4", async () => {
    const list = new MembershipListPage(s.page);
    await list.goto();
    // Every column (the default set leaves some out): the cells below are read by position.
    await list.showColumns();
    expect(await text(s.page.getByTestId("list-intro"))).toBe(
      "When a member gains a referral, they move up one rank, to the tier of the next higher rank, if they meet the minimum requirement of their current tier: for a PV tier, their total PV is at least the minimum; for a Down Line tier, they have at least that many down lines. The tier of the highest rank has none above it.",
    );
  });

  test("lists the columns of docs/REQUIREMENTS.md section 2 with the requirement unit and percentages", async () => {
    const list = new MembershipListPage(s.page);
    await list.goto();
    expect(await list.headerTexts()).toEqual([
      "#",
      "Member Title",
      "Member Discount %",
      "Member Earning %",
      "Member Requirement",
      "Requirement Condition",
      "Rank",
      "Created Date",
      "Updated Date",
      "Actions",
    ]);
    const silver = await list.find("Silver");
    const cells = await list.cellTexts(silver);
    expect(cells.slice(1, 6)).toEqual(["Silver", "5%", "3%", "3 Down Line", "Down Line"]);
    const gold = await list.find("Gold");
    expect((await list.cellTexts(gold)).slice(1, 6)).toEqual([
      "Gold",
      "10%",
      "5%",
      "2000 PV",
      "PV",
    ]);
  });

  test("checks the form, adds a tier and returns to /memberships", async () => {
    const list = new MembershipListPage(s.page);
    const form = new MembershipFormPage(s.page);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addMemberships");
    await form.add().waitFor();
    expect(await form.condition().locator("option").allTextContents()).toEqual([
      "",
      "PV",
      "Down Line",
    ]);
    await form.add().click();
    expect(await form.errors().allInnerTexts()).toEqual([
      "Member title is required.",
      "Requirement condition must be pv or down-line.",
    ]);
    await form.title().fill(title);
    // A percentage of 100 or more shows as 0 (docs/REQUIREMENTS.md section 5); negatives too.
    await form.discount().fill("150");
    expect(await form.discount().inputValue()).toBe("0");
    await form.earning().fill("-5");
    expect(await form.earning().inputValue()).toBe("0");
    await form.discount().fill("12.5");
    await form.earning().fill("3");
    await form.minimum().fill("250");
    await form.condition().selectOption({ label: "PV" });
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/memberships");
    const row = await list.find(title);
    expect((await list.cellTexts(row)).slice(1, 9)).toEqual([
      title,
      "12.5%",
      "3%",
      "250 PV",
      "PV",
      // Left blank: the rank above the highest.
      expect.stringMatching(/^\d+$/),
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/),
      "-",
    ]);
  });

  test("edits a tier and saves to /memberships", async () => {
    const list = new MembershipListPage(s.page);
    const form = new MembershipFormPage(s.page);
    await list.goto();
    await list.find(title);
    await list.edit(title);
    await s.page.waitForURL("**/editMemberships?mid=*");
    await form.save().waitFor();
    expect(await form.title().inputValue()).toBe(title);
    expect(await form.discount().inputValue()).toBe("12.5");
    await form.condition().selectOption({ label: "Down Line" });
    await form.minimum().fill("4");
    // A rank another tier holds is said under the field.
    await form.rank().fill("1");
    await form.save().click();
    await s.page
      .getByText('Rank 1 is already held by "Basic"; choose another rank, or move that tier first.')
      .waitFor();
    expect(await form.rank().getAttribute("aria-invalid")).toBe("true");
    await form.rank().fill("500");
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/memberships");
    const row = await list.find(title);
    await expect
      .poll(async () => (await list.cellTexts(row)).slice(4, 7))
      .toEqual(["4 Down Line", "Down Line", "500"]);
    expect((await list.apiMembership(title))?.req_condition).toBe("down-line");
  });

  test("says plainly when the tier to edit does not exist", async () => {
    await s.page.goto("/editMemberships?mid=999999");
    await s.page.getByText("This membership could not be found.").waitFor();
    await s.page.getByRole("link", { name: "Back to Memberships" }).click();
    await s.page.waitForURL((url) => url.pathname === "/memberships");
  });

  test("refuses to delete a tier that users hold, saying why", async () => {
    const list = new MembershipListPage(s.page);
    const held = `${title} held`;
    const tier = await s.page.request.post("/api/memberships", {
      data: {
        membership: held,
        member_percentage: 1,
        member_earning: 1,
        min_requirement: 1,
        req_condition: "pv",
      },
    });
    const member_id = (await tier.json()).member_id;
    await new UserListPage(s.page).apiCreate(`m${Date.now().toString(36)}`, {
      membership: member_id,
    });
    await list.goto();
    await list.find(held);
    const dialog = await list.askDelete(held);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await s.page.getByText(`"${held}" cannot be deleted: 1 user holds this membership.`).waitFor();
    expect(await list.apiMembership(held)).toBeDefined();
  });

  test("asks before deleting with the exact question, and deletes on Confirm", async () => {
    const list = new MembershipListPage(s.page);
    await list.goto();
    await list.find(title);
    let dialog = await list.askDelete(title);
    expect(await text(dialog.getByRole("heading"))).toBe("Delete Alert");
    expect(await text(dialog.locator(".modal-body"))).toBe(
      `Are you sure you want to delete "${title}"?`,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    dialog = await list.askDelete(title);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(title).waitFor({ state: "detached" });
    expect(await list.apiMembership(title)).toBeUndefined();
  });
});
