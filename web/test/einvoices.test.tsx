import {
  type Einvoice,
  einvoice,
  einvoiceCancelInput,
  einvoiceConsolidateInput,
  type OrderBuyer,
  orderBuyer,
  orderBuyerInput,
  type Settings,
  settingsInput,
} from "@store/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { forgetListViews } from "../src/components/useListState";
import { setLanguage } from "../src/i18n/index";
import { OrderBuyerPanel } from "../src/pages/orders/OrderBuyerPanel";
import { resources } from "../src/resources";
import { ResourcesContext, resourceLookups } from "../src/resources/context";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";
import { settingsOf } from "./storeSettings";

// The e-invoice screens (docs/decisions/einvoices.md): Settings' E-invoices
// tab, /einvoices and one document, and Edit Order's buyer panel, against a
// small fake server whose answers are parsed by the contract's own schemas and
// whose bodies are checked by its input schemas, so screens and contract
// cannot drift apart.

const LOADED = { timeout: 5000 };
const MASK = "••••cret";

const doc = (more: Partial<Einvoice>): Einvoice =>
  einvoice.parse({
    einvoice_id: 1,
    type: "01",
    internal_id: "INV-000101",
    orders_id: 101,
    order_number: "ORD-000101",
    month: null,
    period_id: null,
    original_id: null,
    amount: "12000.00",
    tax: "1090.91",
    status: "valid",
    uuid: "F9D425P6DS7D8IU",
    long_id: "LIJAF97HJJKH8298KHADH09908570FDKK9S2LSIUHB377373",
    submission_uid: "HJSD135P2S7D8IU",
    errors: [],
    document_hash: "a".repeat(64),
    validation_link:
      "https://preprod.myinvois.hasil.gov.my/F9D425P6DS7D8IU/share/LIJAF97HJJKH8298KHADH09908570FDKK9S2LSIUHB377373",
    submitted_at: "2026-11-02 10:00:00",
    validated_at: "2026-11-02 10:00:05",
    cancelled_at: null,
    cancel_reason: null,
    created_at: "2026-11-02 09:59:00",
    version: 3,
    ...more,
  });

const VALID = doc({});
const INVALID = doc({
  einvoice_id: 2,
  type: "01",
  internal_id: "CON-2026-10",
  orders_id: null,
  order_number: null,
  month: "2026-10",
  amount: "310.50",
  tax: "28.23",
  status: "invalid",
  uuid: null,
  long_id: null,
  validation_link: null,
  validated_at: null,
  errors: [
    {
      code: "CF321",
      message: "Issuer TIN is not valid",
      target: "AccountingSupplierParty",
    },
  ],
  version: 4,
});

const storeSettings = (more: Partial<Settings> = {}): Settings =>
  settingsOf({
    store_address: "12 Jalan Ampang, 50450 Kuala Lumpur, Wilayah Persekutuan",
    store_registration: "202301012345",
    commission_status: 1,
    myinvois_client_id: "client-1",
    myinvois_client_secret: MASK,
    einvoice_private_key: "••••",
    ...more,
  });

let stored: Settings;
let docs: Einvoice[];
let buyer: OrderBuyer | null;
/** The next PUT settings/1 without a fresh proof is refused with 403 step_up_required. */
let needsProof: boolean;
let cancelRefusal: boolean;
const sent: { call: string; body: unknown; ifMatch: string | null }[] = [];
const toasts: string[] = [];
let unsubscribe: () => void;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

function fakeServer(url: string, init?: RequestInit): Response {
  const [path = "", query = ""] = url.replace(/^\/api\//, "").split("?");
  const params = new URLSearchParams(query);
  const method = init?.method ?? "GET";
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  const ifMatch = new Headers(init?.headers).get("if-match");
  if (method !== "GET") sent.push({ call: `${method} ${path}`, body, ifMatch });

  if (path === "settings/1" && method === "PUT") {
    if (needsProof) {
      needsProof = false;
      return json({ message: "Confirm it is you.", code: "step_up_required", params: {} }, 403);
    }
    const values = settingsInput.parse(body);
    stored = storeSettings({
      ...values,
      // Write-only: the mask sent back keeps them, and answers are masked again.
      myinvois_client_secret: MASK,
      einvoice_private_key: "••••",
      version: stored.version + 1,
    } as Partial<Settings>);
    return json(stored);
  }
  if (path === "settings/1") return json(stored);
  if (path === "stepUp") return json({ ok: true });
  if (path === "einvoices" && method === "GET") {
    const rows = docs.filter(
      (d) =>
        (!params.get("status") || d.status === params.get("status")) &&
        (!params.get("orders_id") || d.orders_id === Number(params.get("orders_id"))),
    );
    return json(rows, 200, { "X-Total-Count": String(rows.length) });
  }
  if (path === "einvoices/consolidate") {
    einvoiceConsolidateInput.parse(body);
    return json([INVALID, doc({ einvoice_id: 5, internal_id: "INV-000107", status: "draft" })]);
  }
  const one = /^einvoices\/(\d+)(?:\/(submit|cancel|document))?$/.exec(path);
  if (one) {
    const found = docs.find((d) => d.einvoice_id === Number(one[1]));
    if (!found) return json({ message: "E-invoice not found." }, 404);
    if (one[2] === "document")
      return new Response('{"_D":"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"}', {
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    if (one[2] === "submit") {
      const again = { ...found, status: "draft" as const, errors: [], version: found.version + 1 };
      docs = docs.map((d) => (d.einvoice_id === found.einvoice_id ? again : d));
      return json(again);
    }
    if (one[2] === "cancel") {
      einvoiceCancelInput.parse(body);
      if (cancelRefusal)
        return json(
          {
            message:
              "An e-invoice can be cancelled only within 72 hours of its validation; issue a credit note instead.",
            code: "cancel_window_passed",
            params: { hours: 72 },
          },
          409,
        );
      const cancelled = {
        ...found,
        status: "cancelled" as const,
        cancelled_at: "2026-11-03 09:00:00",
        cancel_reason: body.reason,
        version: found.version + 1,
      };
      docs = docs.map((d) => (d.einvoice_id === found.einvoice_id ? cancelled : d));
      return json(cancelled);
    }
    return json(found);
  }
  if (path === "orders/101/buyer" && method === "PUT") {
    const values = orderBuyerInput.parse(body);
    buyer = orderBuyer.parse({
      orders_id: 101,
      ...values,
      version: (buyer?.version ?? 0) + 1,
    });
    return json(buyer);
  }
  if (path === "orders/101/buyer")
    return buyer ? json(buyer) : json({ message: "No buyer asked." }, 404);
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  if (path === "socialLogins" || path === "shippingMethod" || path === "auditLog") return json([]);
  return json({ message: "Not found." }, 404);
}

beforeEach(() => {
  stored = storeSettings();
  docs = [VALID, INVALID];
  buyer = null;
  needsProof = false;
  cancelRefusal = false;
  sent.length = 0;
  toasts.length = 0;
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => fakeServer(url, init)),
  );
});

afterEach(async () => {
  cleanup();
  unsubscribe();
  signOut();
  forgetListViews();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

/** axe-core's serious and critical findings in `root` (colour is not drawn here). */
async function axeProblems(root: Element = document.body): Promise<string[]> {
  const result = await axe.run(root, {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const puts = () => sent.filter((s) => s.call === "PUT settings/1");

describe("Settings, the E-invoices tab", () => {
  it("saves the tax identity and MyInvois access, sending the secret's and key's masks back to keep them", async () => {
    signInAs();
    openApp("/settings?tab=einvoices");
    const tin = await screen.findByLabelText("Tax ID (TIN)", {}, LOADED);
    expect(
      screen.getByText(/The company registration no\., address and contact are on the General tab/),
    ).toBeTruthy();
    // The key is write-only: said, never shown.
    expect(screen.getByText("A key is saved.")).toBeTruthy();
    expect(await axeProblems(screen.getByRole("tabpanel"))).toEqual([]);
    fireEvent.change(tin, { target: { value: "c12345678090" } });
    fireEvent.change(screen.getByLabelText("MSIC code"), { target: { value: "47912" } });
    fireEvent.change(screen.getByLabelText("Business activity"), {
      target: { value: "Retail sale via internet" },
    });
    fireEvent.change(screen.getByLabelText("SST registration no."), {
      target: { value: "W10-1808-32000001" },
    });
    fireEvent.change(screen.getByLabelText("MyInvois environment"), {
      target: { value: "production" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(puts()).toHaveLength(1));
    const [put] = puts();
    expect(put?.ifMatch).toBe('"3"');
    expect(put?.body).toMatchObject({
      // As the contract reads a TIN: capitals, no spaces.
      tin: "C12345678090",
      msic_code: "47912",
      business_activity: "Retail sale via internet",
      sst_no: "W10-1808-32000001",
      myinvois_environment: "production",
      myinvois_client_id: "client-1",
      myinvois_client_secret: MASK,
      einvoice_private_key: "••••",
      // The other tabs' fields go back as they were.
      store_registration: "202301012345",
    });
    expect(await screen.findByRole("button", { name: "Saved" })).toBeTruthy();
  });

  it("refuses an MSIC code that is not 5 digits under its field, sending nothing", async () => {
    signInAs();
    openApp("/settings?tab=einvoices");
    fireEvent.change(await screen.findByLabelText("MSIC code", {}, LOADED), {
      target: { value: "479" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(await screen.findByText("MSIC code must be 5 digits (47912).")).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it("a 403 step_up_required asks to confirm it is you, then sends the change again", async () => {
    needsProof = true;
    signInAs();
    openApp("/settings?tab=einvoices");
    fireEvent.change(await screen.findByLabelText("MyInvois client ID", {}, LOADED), {
      target: { value: "client-2" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" }, LOADED);
    fireEvent.change(within(dialog).getByLabelText("Password"), {
      target: { value: "correct horse" },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    });
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(sent.find((s) => s.call === "POST stepUp")?.body).toEqual({
      password: "correct horse",
    });
    expect(puts()[1]?.body).toMatchObject({
      myinvois_client_id: "client-2",
      myinvois_client_secret: MASK,
    });
    expect(await screen.findByRole("button", { name: "Saved" })).toBeTruthy();
    expect(stored.myinvois_client_id).toBe("client-2");
  });
});

describe("/einvoices", () => {
  it("lists each document's type, what it covers, amount, SST and status, with LHDN's errors", async () => {
    signInAs();
    openApp("/einvoices");
    const valid = await screen.findByRole("row", { name: /INV-000101/ }, LOADED);
    expect(within(valid).getByText("Valid")).toBeTruthy();
    expect(within(valid).getByText("Invoice")).toBeTruthy();
    expect(within(valid).getByRole("link", { name: "ORD-000101" }).getAttribute("href")).toBe(
      "/editOrder?oid=101",
    );
    expect(within(valid).getByText("RM 12,000.00")).toBeTruthy();
    expect(within(valid).getByText("RM 1,090.91")).toBeTruthy();
    const invalid = screen.getByRole("row", { name: /CON-2026-10/ });
    expect(within(invalid).getByText("Invalid")).toBeTruthy();
    expect(within(invalid).getByText("Sales of 2026-10")).toBeTruthy();
    expect(
      within(invalid).getByRole("list", { name: "LHDN's errors of CON-2026-10" }).textContent,
    ).toBe("CF321: Issuer TIN is not valid (AccountingSupplierParty)");
    expect(within(invalid).getByRole("link", { name: "CON-2026-10" }).getAttribute("href")).toBe(
      "/einvoice?id=2",
    );
  });

  it("consolidates a chosen month and lists its documents", async () => {
    signInAs();
    openApp("/einvoices");
    const month = await screen.findByLabelText("Month", {}, LOADED);
    fireEvent.change(month, { target: { value: "2026-10" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Consolidate" }));
    });
    const made = await screen.findByRole("list", { name: "Documents of 2026-10" });
    expect(
      within(made)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "CON-2026-10 · Invoice · RM 310.50 · Invalid",
      "INV-000107 · Invoice · RM 12,000.00 · Draft",
    ]);
    expect(sent.find((s) => s.call === "POST einvoices/consolidate")?.body).toEqual({
      month: "2026-10",
    });
  });

  it("offers a person who may only view e-invoices neither Consolidate nor Send again nor Cancel", async () => {
    signInAs(["einvoices:view"], { role: "Staff" });
    openApp("/einvoices");
    await screen.findByRole("row", { name: /INV-000101/ }, LOADED);
    expect(screen.queryByRole("button", { name: "Consolidate" })).toBeNull();
    cleanup();
    openApp("/einvoice?id=2");
    await screen.findByText("CF321", {}, LOADED);
    expect(screen.queryByRole("button", { name: "Send again" })).toBeNull();
  });
});

describe("one e-invoice", () => {
  it("shows its fields, LHDN's errors and its JSON; Send again posts to submit with If-Match", async () => {
    signInAs();
    openApp("/einvoice?id=2");
    const errors = await screen.findByRole(
      "list",
      { name: "LHDN's errors of CON-2026-10" },
      LOADED,
    );
    expect(errors.textContent).toContain("Issuer TIN is not valid");
    expect(screen.getByTestId("einvoice-summary").textContent).toContain("RM 310.50");
    fireEvent.click(screen.getByRole("button", { name: "View JSON" }));
    const json = await screen.findByRole("group", { name: "The document as sent" });
    expect(await axeProblems(screen.getByRole("main"))).toEqual([]);
    expect(json.textContent).toContain(
      '"_D": "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send again" }));
    });
    await waitFor(() =>
      expect(toasts).toContain("CON-2026-10 is built again and queued to be sent."),
    );
    const submit = sent.find((s) => s.call === "POST einvoices/2/submit");
    expect(submit?.ifMatch).toBe('"4"');
    expect(submit?.body).toBeUndefined();
    expect(await screen.findByText("Draft")).toBeTruthy();
  });

  it("links a valid one to LHDN's validation page and cancels it with a reason and If-Match", async () => {
    signInAs();
    openApp("/einvoice?id=1");
    const link = await screen.findByRole("link", { name: "Validation link" }, LOADED);
    expect(link.getAttribute("href")).toBe(VALID.validation_link);
    expect(screen.queryByRole("button", { name: "Send again" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel e-invoice" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Reason"), {
      target: { value: "Wrong buyer" },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel e-invoice" }));
    });
    await waitFor(() => expect(toasts).toContain("INV-000101 cancelled."));
    const cancel = sent.find((s) => s.call === "POST einvoices/1/cancel");
    expect(cancel?.body).toEqual({ reason: "Wrong buyer" });
    expect(cancel?.ifMatch).toBe('"3"');
    expect(await screen.findByText("Cancelled", { selector: ".badge" })).toBeTruthy();
  });

  it("says a 409 cancel_window_passed in the dialog, which stays open", async () => {
    cancelRefusal = true;
    signInAs();
    openApp("/einvoice?id=1");
    fireEvent.click(await screen.findByRole("button", { name: "Cancel e-invoice" }, LOADED));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Late" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Cancel e-invoice" }));
    });
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "An e-invoice can be cancelled only within 72 hours of its validation; issue a credit note instead.",
    );
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(docs[0]?.status).toBe("valid");
  });
});

function openBuyerPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <OrderBuyerPanel orderId={101} /> }], {
    initialEntries: ["/editOrder?oid=101"],
  });
  render(
    <QueryClientProvider client={client}>
      <ResourcesContext.Provider value={resourceLookups(resources)}>
        <RouterProvider router={router} />
      </ResourcesContext.Provider>
    </QueryClientProvider>,
  );
}

describe("Edit Order's buyer panel", () => {
  it("records a buyer's details with PUT, then updates them with If-Match", async () => {
    signInAs();
    openBuyerPanel();
    fireEvent.click(
      await screen.findByRole("button", { name: "Record the buyer's details" }, LOADED),
    );
    expect(await axeProblems()).toEqual([]);
    fireEvent.change(screen.getByLabelText("Buyer name"), {
      target: { value: "Syarikat Maju Sdn Bhd" },
    });
    fireEvent.change(screen.getByLabelText("Tax ID (TIN)"), { target: { value: "C20880050010" } });
    fireEvent.change(screen.getByLabelText("ID type"), { target: { value: "BRN" } });
    fireEvent.change(screen.getByLabelText("ID number"), { target: { value: "202001234567" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "akaun@maju.my" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save buyer" }));
    });
    const shown = await screen.findByTestId("order-buyer");
    expect(shown.textContent).toContain("Syarikat Maju Sdn Bhd");
    expect(shown.textContent).toContain("C20880050010");
    expect(shown.textContent).toContain("The order's delivery address");
    const first = sent.find((s) => s.call === "PUT orders/101/buyer");
    expect(first?.ifMatch).toBeNull();
    expect(first?.body).toMatchObject({
      name: "Syarikat Maju Sdn Bhd",
      tin: "C20880050010",
      id_type: "BRN",
      id_value: "202001234567",
      email: "akaun@maju.my",
    });
    // The order's documents, for a person who may view e-invoices.
    const table = await screen.findByRole("table", { name: "E-invoices of this order" });
    expect(within(table).getByRole("link", { name: "INV-000101" }).getAttribute("href")).toBe(
      "/einvoice?id=1",
    );
    fireEvent.click(screen.getByRole("button", { name: "Edit buyer" }));
    fireEvent.change(screen.getByLabelText("Phone"), { target: { value: "0123456789" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save buyer" }));
    });
    await waitFor(() =>
      expect(sent.filter((s) => s.call === "PUT orders/101/buyer")).toHaveLength(2),
    );
    expect(sent.filter((s) => s.call === "PUT orders/101/buyer")[1]?.ifMatch).toBe('"1"');
  });

  it("shows the buyer read only to a person who may only view orders, without the order's e-invoices", async () => {
    buyer = orderBuyer.parse({
      orders_id: 101,
      name: "Tan Ah Kow",
      tin: "IG12345678090",
      id_type: "NRIC",
      id_value: "900101145678",
      sst_no: "",
      email: "",
      phone: "",
      address: "",
      version: 2,
    });
    signInAs(["orders:view"], { role: "Staff" });
    openBuyerPanel();
    const shown = await screen.findByTestId("order-buyer", {}, LOADED);
    expect(shown.textContent).toContain("Identity card number (NRIC)");
    expect(shown.textContent).toContain("900101145678");
    expect(screen.queryByRole("button", { name: "Edit buyer" })).toBeNull();
    expect(screen.queryByRole("table", { name: "E-invoices of this order" })).toBeNull();
  });
});
