import {
  type AdminData,
  PERMISSIONS,
  type Permission,
  type PermissionGroup,
  permissionLabel,
  type User,
} from "@store/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearLogin, storeLogin } from "../src/lib/session";
import { resources } from "../src/resources";
import { ResourcesContext, resourceLookups } from "../src/resources/context";
import type { Resource } from "../src/resources/define";
import { roles } from "../src/resources/roles";
import { users } from "../src/resources/users";
import { appRoutes } from "../src/routes";

// The /roles form's grid and Edit User's role and groups (docs/decisions/staff-accounts.md):
// the real screens as the route table routes them, against a small fake server.

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const GROUPS: PermissionGroup[] = [
  {
    group_id: 1,
    name: "Catalog",
    permissions: ["catalog:manage"],
    created_at: "2026-11-20 10:00:00",
    updated_at: null,
    version: 1,
  },
  {
    group_id: 2,
    name: "Finance",
    permissions: ["payouts:manage"],
    created_at: "2026-11-20 10:00:00",
    updated_at: null,
    version: 1,
  },
];

const STAFF: User = {
  user_id: 7,
  username: "siti",
  email: "siti@store.my",
  f_name: "Siti",
  l_name: "Clerk",
  contact: "0123456789",
  DOB: null,
  gender: "Female",
  role: "Staff",
  membership: 1,
  membership_name: "Basic",
  down_line: 0,
  referral_of: null,
  referrer_username: null,
  groups: [2],
  totp_enabled: false,
  totp_locked: false,
  ttl_order: 0,
  ttl_pv: "0.00",
  languages: "English",
  currency: "MYR",
  user_status: 1,
  messages_opt_out: false,
  kyc_status: "none",
  kyc_id: null,
  created_at: "2026-11-20 10:00:00",
  updated_at: null,
  version: 3,
};

function signIn(permissions: Permission[]) {
  storeLogin({
    status: 200,
    user_id: 1,
    username: "boss",
    email: "boss@store.my",
    f_name: "B",
    l_name: "Oss",
    contact: "0",
    DOB: null,
    gender: "Male",
    role: permissions.length === PERMISSIONS.length ? "Admin" : "Staff",
    languages: "English",
    permissions,
    group_names: [],
    totp_enabled: false,
    totp_enrolment_required: false,
  } as AdminData);
}

beforeAll(async () => {
  await roles.add?.screen();
  await users.edit?.screen();
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\//, "");
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (path.startsWith("auditLog")) return json([]);
      if (path === "permissions")
        return json(PERMISSIONS.map((code) => ({ code, label: permissionLabel(code) })));
      if (path === "permissionGroups") {
        if (method === "POST") return json({ ...GROUPS[0], ...body, group_id: 3 }, 201);
        return json(GROUPS);
      }
      if (path === "users/7") return json(STAFF);
      if (path === "genders") return json([{ gender_id: 1, gender: "Female" }]);
      if (path === "roles")
        return json(
          ["Admin", "Member", "Agent", "Staff"].map((role, i) => ({ role_id: i + 1, role })),
        );
      if (path === "languages") return json([{ language_id: 1, languages: "English" }]);
      if (path === "currencies")
        return json([{ currency_id: 1, currency_code: "MYR", currency_symbol: "RM" }]);
      if (path === "memberships") return json([{ member_id: 1, membership: "Basic" }]);
      return json({ message: "Not found." }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearLogin();
  vi.unstubAllGlobals();
});

function open(resource: Resource, path: string) {
  const routes = appRoutes
    .filter((r) => r.resource === resource && r.path !== resource.list.path)
    .map(({ path: routePath, page: Page, resource: r, screen: s }) => ({
      path: routePath,
      element: (
        <Suspense fallback={null}>
          <Page resource={r} screen={s} />
        </Suspense>
      ),
    }));
  const router = createMemoryRouter(
    [...routes, { path: resource.list.path, element: <p>The list</p> }],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ResourcesContext.Provider value={resourceLookups(resources)}>
        <RouterProvider router={router} />
      </ResourcesContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

const box = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("the permission group form (/addRole)", () => {
  it("ticks View with Manage and holds it, and saves the codes in the catalogue's order", async () => {
    signIn([...PERMISSIONS]);
    open(roles, "/addRole");
    fireEvent.change(await screen.findByLabelText("Group Name"), { target: { value: "Orders" } });
    const view = box("View: Orders and coupons");
    const manage = box("Manage: Orders and coupons");
    fireEvent.click(manage);
    expect(view.checked).toBe(true);
    expect(view.disabled).toBe(true);
    fireEvent.click(manage);
    // Manage cleared: View stays, and can be cleared on its own.
    expect(view.checked).toBe(true);
    expect(view.disabled).toBe(false);
    fireEvent.click(box("Export lists"));
    fireEvent.click(box("Manage: Catalog (products, variants, categories, brands)"));
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await screen.findByText("The list");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Orders",
      permissions: ["catalog:view", "catalog:manage", "orders:view", "export"],
    });
  });
});

describe("Edit User's role and groups", () => {
  it("with staff:manage: every role, and a Staff member's groups ticked, changed and saved", async () => {
    signIn([...PERMISSIONS]);
    open(users, "/editUser?uid=7");
    const groups = await screen.findByRole("group", { name: "Permission Groups" });
    const role = screen.getByLabelText("Role") as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual([
      "",
      "Admin",
      "Member",
      "Agent",
      "Staff",
    ]);
    expect(role.disabled).toBe(false);
    await waitFor(() =>
      expect(within(groups).getByLabelText("Finance")).toHaveProperty("checked", true),
    );
    fireEvent.click(within(groups).getByLabelText("Catalog"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("The list");
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      role: "Staff",
      groups: [1, 2],
    });
  });

  it("a role other than Staff hides the groups and saves none", async () => {
    signIn([...PERMISSIONS]);
    open(users, "/editUser?uid=7");
    await screen.findByRole("group", { name: "Permission Groups" });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "Member" } });
    expect(screen.queryByRole("group", { name: "Permission Groups" })).toBeNull();
    // A member may ask for only the messages about their money and orders (issue 41).
    fireEvent.click(screen.getByLabelText("Only messages about money and orders"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("The list");
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      role: "Member",
      groups: [],
      messages_opt_out: true,
    });
  });

  it("without staff:manage: only Member and Agent offered, and an Admin's or Staff member's role locked", async () => {
    signIn(["members:manage"]);
    open(users, "/editUser?uid=7");
    const role = (await screen.findByLabelText("Role")) as HTMLSelectElement;
    await waitFor(() => expect(role.value).toBe("Staff"));
    expect(role.disabled).toBe(true);
    expect([...role.options].map((o) => o.value)).toEqual(["", "Member", "Agent", "Staff"]);
    // Without staff:view the groups are not read at all.
    expect(screen.queryByRole("group", { name: "Permission Groups" })).toBeNull();
    expect(calls.some((c) => c.path === "permissionGroups")).toBe(false);
  });
});
