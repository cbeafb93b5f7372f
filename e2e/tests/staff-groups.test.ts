import { ListScreen } from "../pages/ListScreen";
import { UserFormPage } from "../pages/UserPages";
import {
  ADMIN,
  expect,
  loginThroughForm,
  newStoreContext,
  test,
  useBrowser,
} from "../support/browser";

/**
 * Permission groups on /roles and a Staff member who holds one (issue 22;
 * docs/decisions/staff-accounts.md): the admin makes a "Catalog" group with
 * the grid, adds a Staff user with it on Add User, and that person logs in
 * with the group in the answer; a group still held is not deleted (409).
 */
const tag = `sg${Date.now().toString(36)}`;
const group = `Catalog ${tag}`;
const staff = {
  username: `${tag}clerk`,
  email: `${tag}clerk@staff.my`,
  password: "Clerk#pass-2026",
};

test.describe("staff groups", () => {
  const s = useBrowser();

  test("a group made on /roles, given to a new Staff member on Add User, logs them in with it", async () => {
    const roles = new ListScreen(s.page, "/roles");
    await roles.goto();
    await roles.addNew().click();
    await s.page.waitForURL("**/addRole");
    await s.page.getByLabel("Group Name", { exact: true }).fill(group);
    const view = s.page.getByLabel("View: Catalog (products, variants, categories, brands)");
    const manage = s.page.getByLabel("Manage: Catalog (products, variants, categories, brands)");
    await manage.check();
    // Manage grants View: ticked with it, and held while Manage is.
    await expect(view).toBeChecked();
    await expect(view).toBeDisabled();
    await s.page.getByRole("button", { name: "Add", exact: true }).click();
    await s.page.waitForURL((url) => url.pathname === "/roles");
    const row = await roles.find(group);
    expect((await roles.cellTexts(row)).join(" | ")).toContain(
      "View: Catalog (products, variants, categories, brands); Manage: Catalog (products, variants, categories, brands)",
    );

    const form = new UserFormPage(s.page);
    await s.page.goto("/addUser");
    await form.username().fill(staff.username);
    await form.email().fill(staff.email);
    await form.firstName().fill("Siti");
    await form.lastName().fill("Clerk");
    await form.contact().fill("0123456789");
    await form.password().fill(staff.password);
    await form.gender().selectOption("Female");
    await form.chooseReferral("None");
    await form.language().selectOption("English");
    await form.currency().selectOption("MYR");
    await form.status().check();
    const groups = s.page.getByRole("group", { name: "Permission Groups" });
    await expect(groups).toHaveCount(0);
    await form.role().selectOption("Staff");
    await groups.getByLabel(group, { exact: true }).check();
    // Making a Staff account needs a fresh proof (the dialog is step-up.test.ts's).
    const proof = await s.page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    expect(proof.status()).toBe(200);
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/users");

    const context = await newStoreContext(s.browser, s.baseURL);
    const page = await context.newPage();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/login")),
      loginThroughForm(page, staff),
    ]);
    expect(answer.status()).toBe(200);
    const person = await answer.json();
    expect(person).toMatchObject({ role: "Staff", group_names: [group] });
    expect([...person.permissions].sort()).toEqual(["catalog:manage", "catalog:view"]);
    await context.close();
  });

  test("a group still held is not deleted: the Delete Alert's Confirm says why", async () => {
    const roles = new ListScreen(s.page, "/roles");
    await roles.goto();
    await roles.find(group);
    const dialog = await roles.askDelete(group);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await s.page
      .getByText("This group is held by 1 person and cannot be deleted.", { exact: true })
      .first()
      .waitFor();
    await roles.goto();
    await roles.find(group);
  });
});
