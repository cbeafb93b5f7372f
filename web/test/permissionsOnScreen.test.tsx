import type { AdminData, Brand, Order, Permission } from "@store/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/api/client";
import { subscribeToasts } from "../src/components/toastStore";
import { FORBIDDEN_QUIET_MS, sayForbidden } from "../src/layout/forbidden";
import { readAdmin } from "../src/lib/session";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// Each person sees their job (issue 22): the real App, routed as in the
// browser, against a small fake server; the stored person's permissions decide
// what the sidebar, the lists, the forms and the top bar draw.

const brand: Brand = {
  brand_id: 5,
  brand_name: "Acme",
  brand_image: "",
  brand_status: 1,
  created_at: "2026-11-20 10:00:00",
  updated_at: null,
  version: 2,
};

const order: Order = {
  orders_id: 7,
  order_number: "KH20260509000007",
  user_id: 2,
  username: "aminah88",
  contact: "0123456789",
  currency_symbol: "RM",
  total_price: "50.00",
  points_earned: "0.00",
  shipping_fee: "0.00",
  coupon_code: "",
  recipient_name: "Aminah",
  recipient_contact: "0123456789",
  address_1: "12 Jalan Ampang",
  address_2: "",
  postcode: "50450",
  state: "Kuala Lumpur",
  country: "Malaysia",
  tracking_number: "",
  order_status: 2,
  created_at: "2026-05-09 10:00:00",
  paid_on: "2026-05-09 10:05:00",
  ship_out_by: null,
  completed_at: null,
  refund_at: null,
  updated_at: null,
  version: 1,
};

/** A screen's code is loaded lazily: on a busy machine it takes more than the default second. */
const LOADED = { timeout: 5000 };

/** What GET /api/me answers: the stored person, unless a test changes their groups. */
let me: () => AdminData | null;
let toasts: string[];
let unsubscribe: () => void;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

beforeEach(() => {
  me = readAdmin;
  toasts = [];
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = url.replace(/^\/api\//, "").split("?")[0];
      if (path === "me") return json(me());
      if (path === "brands") return json([brand], 200, { "X-Total-Count": "1" });
      if (path === "brands/5") return json(brand);
      if (path === "orders") return json([order], 200, { "X-Total-Count": "1" });
      if (path === "orderStatus") return json([{ order_status_id: 2, order_status_name: "paid" }]);
      if (path === "auditLog") return json([], 200, { "X-Total-Count": "0" });
      if (path === "notifications") return json([]);
      if (path === "dashboard") return json({ year: 2026 });
      if (path === "storeIdentity") return json({ store_name: "" });
      return json({ message: "Not found." }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  unsubscribe();
  signOut();
  vi.unstubAllGlobals();
});

const sidebarLinks = () =>
  within(screen.getByRole("navigation", { name: "Sidebar" }))
    .getAllByRole("link")
    .map((a) => a.textContent);

/** Signs in as a Staff member of one group holding `permissions`. */
const staff = (permissions: Permission[]) =>
  signInAs(permissions, { role: "Staff", group_names: ["Catalog"], username: "siti" });

describe("the sidebar", () => {
  it("shows the dashboard and the screens the person may view, nothing else", async () => {
    staff(["catalog:manage"]);
    openApp("/admin");
    await screen.findByRole("navigation", { name: "Sidebar" });
    // Import too: products and stock counts are catalog:manage's (issue 43).
    expect(sidebarLinks()).toEqual(["Dashboard", "Products", "Categories", "Brands", "Import"]);
  });

  it("follows GET /api/me when the app opens: a change of groups shows without a new login", async () => {
    staff(["catalog:manage"]);
    me = () => ({
      ...(readAdmin() as AdminData),
      permissions: ["orders:view"],
      group_names: ["Sales"],
    });
    openApp("/admin");
    await waitFor(() =>
      expect(sidebarLinks()).toEqual(["Dashboard", "Order", "Returns", "Coupon"]),
    );
    expect(readAdmin()?.group_names).toEqual(["Sales"]);
  });
});

describe("a screen the person may not view", () => {
  it("says so with a way back to the dashboard, and asks nothing of the screen's calls", async () => {
    staff(["catalog:manage"]);
    openApp("/withdrawRequest");
    const heading = await screen.findByRole("heading", {
      level: 1,
      name: "You do not have access to this page",
    });
    expect(heading).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the dashboard" }).getAttribute("href")).toBe(
      "/admin",
    );
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes("withdrawRequest"))).toEqual([]);
    await waitFor(() => expect(document.title).toContain("You do not have access to this page"));
  });
});

describe("a list", () => {
  it("gives a person who may only view it View links, and no Add, Delete, switches, bulk or Export", async () => {
    staff(["catalog:view"]);
    openApp("/brands");
    const view = await screen.findByRole("link", { name: "View Acme" }, LOADED);
    expect(view.getAttribute("href")).toBe("/editBrands?bid=5");
    expect(screen.queryByRole("link", { name: "Add New" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Acme" })).toBeNull();
    expect(screen.queryByRole("switch", { name: "Status of Acme" })).toBeNull();
    const row = screen.getByRole("row", { name: /Acme/ });
    expect(within(row).getByText("Active")).toBeTruthy();
    expect(screen.queryAllByRole("checkbox")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Export" })).toBeNull();
  });

  it("gives manage every change, and Export only with `export` too", async () => {
    staff(["catalog:manage"]);
    openApp("/brands");
    expect(await screen.findByRole("link", { name: "Edit Acme" }, LOADED)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add New" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Acme" })).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Status of Acme" })).toBeTruthy();
    expect(screen.getAllByRole("checkbox").length).toBeGreaterThan(1);
    expect(screen.queryByRole("button", { name: "Export" })).toBeNull();
    cleanup();

    staff(["catalog:manage", "export"]);
    openApp("/brands");
    expect(await screen.findByRole("button", { name: "Export" }, LOADED)).toBeTruthy();
  });
});

describe("the order list's print actions (docs/decisions/invoices.md)", () => {
  it("let a person who may only view tick orders and print them, without the status actions", async () => {
    staff(["orders:view"]);
    const router = openApp("/order");
    const tick = await screen.findByRole(
      "checkbox",
      { name: "Select order KH20260509000007" },
      LOADED,
    );
    fireEvent.click(tick);
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).queryByRole("button", { name: "Set Status" })).toBeNull();
    fireEvent.click(within(bar).getByRole("button", { name: "Print Packing Slips" }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/printOrders?ids=7&doc=packing-slip&print=1",
      ),
    );
  });

  it("are offered beside the status actions to a person who may manage orders", async () => {
    staff(["orders:manage"]);
    openApp("/order");
    fireEvent.click(
      await screen.findByRole("checkbox", { name: "Select order KH20260509000007" }, LOADED),
    );
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).getByRole("button", { name: "Print Invoices" })).toBeTruthy();
    expect(within(bar).getByRole("button", { name: "Set Status" })).toBeTruthy();
  });
});

describe("an edit screen", () => {
  it("is read only for a person who may only view: fields disabled, Back and no Save, no History without audit:view", async () => {
    staff(["catalog:view"]);
    openApp("/editBrands?bid=5");
    const name = (await screen.findByLabelText("Brand Name", {}, LOADED)) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Acme"));
    // Disabled by the read-only fieldset around every field.
    expect(name.closest("fieldset")?.disabled).toBe(true);
    expect(screen.getByText("You may view this, but not change it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.getByText("Back", { selector: ".form-actions a" }).getAttribute("href")).toBe(
      "/brands",
    );
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
  });

  it("can be changed with manage, and shows History with audit:view", async () => {
    staff(["catalog:manage", "audit:view"]);
    openApp("/editBrands?bid=5");
    const name = (await screen.findByLabelText("Brand Name", {}, LOADED)) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Acme"));
    expect(name.closest("fieldset")).toBeNull();
    expect(screen.getByRole("button", { name: "Save" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "History" }, LOADED)).toBeTruthy();
  });
});

describe("the top bar's menu", () => {
  it("names the person and their groups, an Admin as Administrator", async () => {
    signInAs(["catalog:manage", "orders:view"], {
      role: "Staff",
      f_name: "Siti",
      l_name: "Clerk",
      group_names: ["Catalog", "Sales"],
    });
    openApp("/admin");
    fireEvent.click(await screen.findByRole("button", { name: "admin" }));
    const person = await screen.findByTestId("topbar-person");
    expect(person.textContent).toBe("Siti ClerkPermission groups: Catalog, Sales");
    cleanup();

    signInAs();
    openApp("/admin");
    fireEvent.click(await screen.findByRole("button", { name: "admin" }));
    expect((await screen.findByTestId("topbar-person")).textContent).toBe(
      "Aminah OwnerAdministrator",
    );
  });
});

describe("a refusal for a permission (403 forbidden)", () => {
  it("is said once however many calls met it, and the person's permissions are asked again", async () => {
    staff(["catalog:manage"]);
    const refusal = new ApiError(
      403,
      "You do not have permission to do this.",
      [],
      {},
      null,
      "forbidden",
      {
        permission: "payouts:manage",
      },
    );
    const start = 1_000_000_000;
    sayForbidden(refusal, start);
    sayForbidden(refusal, start + 10);
    sayForbidden(refusal, start + 20);
    expect(toasts).toEqual(["You do not have permission to do this."]);
    sayForbidden(refusal, start + FORBIDDEN_QUIET_MS + 1);
    expect(toasts).toHaveLength(2);
    await act(async () => {
      await Promise.resolve();
    });
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url) === "/api/me")).toBe(true);
  });
});
