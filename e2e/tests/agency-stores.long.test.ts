import { AgencyFormPage, AgencyListPage } from "../pages/AgencyPages";
import { expect, settled, test, useBrowser } from "../support/browser";

const unique = `ag${Date.now().toString(36)}`;

test.describe("agency stores", () => {
  const s = useBrowser();

  test("lists the columns of docs/REQUIREMENTS.md section 2", async () => {
    const list = new AgencyListPage(s.page);
    await list.goto();
    // Every column, in the spec's order, once chosen (the default set leaves some out).
    await list.showColumns();
    expect(await list.headerTexts()).toEqual([
      "Store Username",
      "Store Name",
      "Owner",
      "Store E-mail",
      "Owner Phone",
      "Status",
      "Created Date",
      "Expired Date",
      "Actions",
    ]);
  });

  test("refuses an empty form with a message per field, then adds a store and returns to /agency", async () => {
    const list = new AgencyListPage(s.page);
    const form = new AgencyFormPage(s.page);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addAgency");
    await form.add().click();
    expect(await form.errors().allInnerTexts()).toEqual([
      "Store username is required.",
      "Store name is required.",
      "Owner name is required.",
      "Store e-mail is required.",
      "Store contact is required.",
      "Expiry date is required.",
    ]);
    await form.fill({
      username: unique,
      name: `Kedai ${unique}`,
      owner: "Aminah Yusof",
      email: "not-an-email",
      contact: "0123456789",
      expiry: "2027-06-30T18:30",
    });
    await form.add().click();
    await expect
      .poll(() => form.errors().allInnerTexts())
      .toEqual(["Store e-mail must be a valid e-mail address."]);
    await form.email().fill(`${unique}@agency.my`);
    await form.status().check();
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/agency");

    const row = await list.find(unique);
    const cells = await list.cellTexts(row);
    expect(cells.slice(0, 6)).toEqual([
      unique,
      `Kedai ${unique}`,
      "Aminah Yusof",
      `${unique}@agency.my`,
      "0123456789",
      "Active",
    ]);
    expect(cells[7]).toBe("30/06/2027, 18:30");
    const stored = await list.apiStore(unique);
    expect(stored).toMatchObject({ expired_at: "2027-06-30 18:30:00", store_status: 1 });
  });

  test("shows a loading indicator on edit until the store is loaded, then saves changes", async () => {
    const list = new AgencyListPage(s.page);
    const form = new AgencyFormPage(s.page);
    const stored = await list.apiStore(unique);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await s.page.route(`**/api/agencyStore/${stored?.store_id}`, async (route) => {
      await held;
      await route.continue();
    });
    await s.page.goto(`/editAgency?sid=${stored?.store_id}`);
    await form.loading().waitFor();
    expect(await form.username().count()).toBe(0);
    release();
    await expect(form.username()).toHaveValue(unique);
    await s.page.unrouteAll();
    expect(await form.expiry().inputValue()).toBe("30/06/2027 18:30");
    expect(await form.status().isChecked()).toBe(true);

    await form.name().fill(`Kedai ${unique} Baru`);
    await form.expiry().fill("15/01/2028 09:05");
    await form.status().uncheck();
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/agency");
    const row = await list.find(`Kedai ${unique} Baru`);
    expect((await list.cellTexts(row))[5]).toBe("Inactive");
    expect(await list.apiStore(unique)).toMatchObject({
      store_name: `Kedai ${unique} Baru`,
      expired_at: "2028-01-15 09:05:00",
      store_status: 0,
    });
  });

  test("keeps the admin on Edit when they click it while a search is still pending", async () => {
    const list = new AgencyListPage(s.page);
    await list.goto();
    const name = `Kedai ${unique} Baru`;
    await s.page.getByRole("link", { name: `Edit ${name}`, exact: true }).waitFor();
    // A slow machine widens the moment between the click and the next screen.
    const cdp = await s.context.newCDPSession(s.page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 30 });
    // Type a search and click Edit just before the search's 300 ms pause ends.
    await s.page.evaluate(
      ([text, label]) => {
        const input = document.querySelector<HTMLInputElement>('input[type="search"]');
        const link = document.querySelector<HTMLAnchorElement>(`a[aria-label="${label}"]`);
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
        if (!input || !link || !setValue) throw new Error("list not ready");
        setValue.call(input, text);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        setTimeout(() => link.click(), 250);
      },
      [unique, `Edit ${name}`] as const,
    );
    await s.page.waitForURL("**/editAgency?sid=*");
    // The form drawn under the throttle, past the search's pause: still on Edit.
    await new AgencyFormPage(s.page).username().waitFor();
    await settled(s.page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
    expect(new URL(s.page.url()).pathname).toBe("/editAgency");
  });

  test("says so when the store to edit does not exist", async () => {
    await s.page.goto("/editAgency?sid=99999999");
    await s.page.getByText("This agency store could not be found.").waitFor();
  });

  test("deletes a store after the Delete Alert", async () => {
    const list = new AgencyListPage(s.page);
    await list.goto();
    await list.find(unique);
    const dialog = await list.askDelete(`Kedai ${unique} Baru`);
    expect(await dialog.getByRole("heading").textContent()).toBe("Delete Alert");
    expect(await dialog.textContent()).toContain(
      `Are you sure you want to delete "Kedai ${unique} Baru"?`,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await list.row(unique).count()).toBe(1);
    await (await list.askDelete(`Kedai ${unique} Baru`))
      .getByRole("button", { name: "Confirm" })
      .click();
    await list.row(unique).waitFor({ state: "detached" });
    expect(await list.apiStore(unique)).toBeUndefined();
  });
});
