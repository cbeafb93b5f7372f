import {
  type OrderRecord,
  type OrderReturn,
  type OrderTimelineEvent,
  orderCommentInput,
  orderRecord,
  orderReturn,
  orderTimelineEvent,
  refundInput,
  returnInput,
} from "@store/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { forgetListViews } from "../src/components/useListState";
import { setLanguage } from "../src/i18n/index";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// Returns and refunds on the web (issue 42, docs/decisions/returns.md): Edit
// Order's Return items dialog (the refund by the contract's returnFigures, the
// body with If-Match, a line refused by the server said beside it), its
// timeline with a comment added, and the /returns list, against a small fake
// server whose answers are parsed by the contract's schemas.

/** A screen's code is loaded lazily: on a busy machine it takes more than the default second. */
const LOADED = { timeout: 5000 };

/**
 * Two lines, RM 20.00 off by coupon (shared 15.00 and 5.00), shipping RM 10.00:
 * nets 135.00 and 45.00; one shirt already came back and RM 45.00 was refunded.
 */
function baseOrder(): OrderRecord {
  const line = {
    product_id: 1,
    variant_id: null,
    line_discount: "0.00",
    tax_type: "not_applicable" as const,
    tax_rate: "0.00",
    tax_amount: "0.00",
    image: "",
  };
  return orderRecord.parse({
    orders_id: 5,
    order_number: "ORD-000005",
    user_id: 7,
    username: "aisyah",
    contact: "0123456789",
    currency_symbol: "RM",
    total_price: "190.00",
    points_earned: "190.00",
    shipping_fee: "10.00",
    coupon_code: "RAYA20",
    recipient_name: "Aisyah",
    recipient_contact: "0123456789",
    address_1: "1 Jalan Bunga",
    address_2: "",
    postcode: "50000",
    state: "Kuala Lumpur",
    country: "Malaysia",
    tracking_number: "TRK1",
    order_status: 6,
    created_at: "2026-11-01 10:00:00",
    paid_on: "2026-11-01 10:05:00",
    ship_out_by: null,
    completed_at: "2026-11-05 09:00:00",
    refund_at: null,
    updated_at: "2026-11-05 09:00:00",
    version: 7,
    subtotal: "200.00",
    discount: "20.00",
    tax_total: "0.00",
    stock_taken: true,
    stock_given_back: false,
    items: [
      {
        ...line,
        item_id: 11,
        product_name: "Batik Shirt",
        variant_name: "L",
        sku: "BS-L",
        quantity: 3,
        unit_price: "50.00",
        line_total: "150.00",
        returned: 1,
      },
      {
        ...line,
        item_id: 12,
        product_name: "Kopi Pack",
        variant_name: "",
        sku: "KP",
        quantity: 2,
        unit_price: "25.00",
        line_total: "50.00",
        returned: 0,
      },
    ],
    refunded: "45.00",
    shipping_refunded: "0.00",
    buy_back_percent: null,
    posted: [],
  });
}

const event = (e: Partial<OrderTimelineEvent>): OrderTimelineEvent =>
  orderTimelineEvent.parse({
    kind: "created",
    at: "2026-11-01 10:00:00",
    by: "",
    text: "",
    status: null,
    return_id: null,
    amount: null,
    ...e,
  });

function returnOf(order: OrderRecord, refund: string, lines: OrderReturn["lines"]): OrderReturn {
  return orderReturn.parse({
    return_id: 3,
    orders_id: order.orders_id,
    order_number: order.order_number,
    username: order.username,
    kind: "return",
    credit_note_number: "CN20261201000003",
    reason: "Wrong size",
    restock: true,
    items: lines.reduce((n, l) => n + l.quantity, 0),
    goods_amount: "45.00",
    shipping_amount: "10.00",
    refund_amount: refund,
    buy_back_percent: null,
    pv_reversed: "45.00",
    commission_reversed: "4.50",
    created_by: "admin",
    created_at: "2026-12-01 09:00:00",
    lines,
  });
}

let order: OrderRecord;
let timeline: OrderTimelineEvent[];
let returns: OrderReturn[];
/** A refusal the fake answers to the next return, as the server would. */
let refuseReturn: Response | null;
let toasts: string[];
let unsubscribe: () => void;
const calls: { method: string; path: string; body: unknown; ifMatch: string | null }[] = [];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

function answer(path: string, method: string, body: unknown): Response {
  if (path === "orders/5" && method === "GET") return json(order);
  if (path === "orders/5/returns" && method === "POST") {
    if (refuseReturn) return refuseReturn;
    const input = returnInput.parse(body);
    const made = returnOf(
      order,
      "55.00",
      input.lines.map((l) => ({
        item_id: l.item_id,
        product_name: "Batik Shirt",
        variant_name: "L",
        sku: "BS-L",
        quantity: l.quantity,
        amount: "45.00",
      })),
    );
    order = {
      ...order,
      refunded: "100.00",
      shipping_refunded: "10.00",
      version: order.version + 1,
      items: order.items.map((item) => ({
        ...item,
        returned:
          item.returned + (input.lines.find((l) => l.item_id === item.item_id)?.quantity ?? 0),
      })),
    };
    timeline = [
      ...timeline,
      event({
        kind: "return",
        at: made.created_at,
        by: "admin",
        text: made.reason,
        return_id: 3,
        amount: "55.00",
      }),
    ];
    returns = [made, ...returns];
    return json(made, 201);
  }
  if (path === "orders/5/refunds" && method === "POST") {
    const input = refundInput.parse(body);
    const made = { ...returnOf(order, input.amount, []), kind: "refund" as const, restock: false };
    order = { ...order, refunded: "65.00", version: order.version + 1 };
    return json(made, 201);
  }
  if (path === "orders/5/timeline") return json(timeline);
  if (path === "orders/5/comments" && method === "POST") {
    const { text } = orderCommentInput.parse(body);
    const added = event({ kind: "comment", at: "2026-12-01 10:00:00", by: "admin", text });
    timeline = [...timeline, added];
    return json(added, 201);
  }
  if (path === "returns") return json(returns, 200, { "X-Total-Count": String(returns.length) });
  if (path === "orderStatus")
    return json(
      [
        "Pending",
        "Paid",
        "Processing",
        "Shipped",
        "Delivered",
        "Complete",
        "Canceled",
        "Refund",
        "Returned",
      ].map((name, i) => ({ order_status_id: i + 1, order_status_name: name })),
    );
  if (path === "einvoices") return json([], 200, { "X-Total-Count": "0" });
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  return json({ message: "Not found." }, 404);
}

beforeEach(() => {
  calls.length = 0;
  toasts = [];
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  order = baseOrder();
  timeline = [
    event({}),
    event({ kind: "status", at: "2026-11-05 09:00:00", by: "admin", text: "6", status: 6 }),
  ];
  returns = [];
  refuseReturn = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api\//, "").split("?")[0] ?? "";
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = new Headers(init?.headers);
      if (method !== "GET") calls.push({ method, path, body, ifMatch: headers.get("if-match") });
      return answer(path, method, body);
    }),
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
async function axeProblems(root: Element): Promise<string[]> {
  const result = await axe.run(root, {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function openReturnDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole("button", { name: "Return items" }, LOADED));
  return screen.findByRole("dialog");
}

const posted = (path: string) => calls.filter((c) => c.method === "POST" && c.path === path);

describe("Edit Order's returns", () => {
  it("shows what came back, computes the refund of the chosen line and shipping, and posts it with If-Match", async () => {
    signInAs(["orders:view", "orders:manage"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    const items = await screen.findByTestId("order-items", {}, LOADED);
    const shirt = within(items).getByRole("row", { name: /Batik Shirt/ });
    // Quantity 3, Returned 1.
    expect(
      within(shirt)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toContain("1");
    expect(within(items).getByRole("columnheader", { name: "Returned" })).toBeTruthy();
    expect(screen.getByTestId("order-refunded").textContent).toBe("RM 45.00");

    const dialog = await openReturnDialog();
    expect(await axeProblems(dialog)).toEqual([]);
    const refund = within(dialog).getByTestId("return-refund");
    expect(refund.textContent).toContain("RM 0.00");
    // One more shirt of the three: a third of its 135.00 net is 45.00; shipping adds 10.00.
    fireEvent.change(within(dialog).getByLabelText("Quantity to return of Batik Shirt L"), {
      target: { value: "1" },
    });
    await waitFor(() => expect(refund.textContent).toContain("RM 45.00"));
    fireEvent.click(within(dialog).getByLabelText("Refund shipping (RM 10.00)"));
    await waitFor(() => expect(refund.textContent).toContain("RM 55.00"));
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Wrong size" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Return items" }));
    });
    await waitFor(() => expect(posted("orders/5/returns")).toHaveLength(1));
    expect(posted("orders/5/returns")[0]).toMatchObject({
      ifMatch: '"7"',
      body: {
        // Every line, the ones not returned at 0: the server's paths are the dialog's.
        lines: [
          { item_id: 11, quantity: 1 },
          { item_id: 12, quantity: 0 },
        ],
        restock: true,
        refund_shipping: true,
        reason: "Wrong size",
      },
    });
    expect(posted("orders/5/returns")[0]?.body).not.toHaveProperty("refund_amount");
    await waitFor(() =>
      expect(toasts).toContain("Credit note CN20261201000003: RM 55.00 refunded."),
    );
    // The order and its timeline are read again: refunded RM 100.00, the return with its credit note.
    await waitFor(() => expect(screen.getByTestId("order-refunded").textContent).toBe("RM 100.00"));
    const events = await screen.findByTestId("order-timeline");
    await waitFor(() => expect(events.textContent).toContain("Items returned, RM 55.00 refunded"));
    const note = within(events).getByRole("link", { name: "Credit note" });
    expect(note.getAttribute("href")).toBe("/api/returns/3/creditNote?lang=en");
    expect(note.getAttribute("target")).toBe("_blank");
    expect(events.textContent).toContain("Status changed to Complete");
  });

  it("refuses more than is left of a line before sending, and shows the server's 409 beside its line", async () => {
    signInAs(["orders:view", "orders:manage"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    const dialog = await openReturnDialog();
    const shirt = within(dialog).getByLabelText("Quantity to return of Batik Shirt L");
    fireEvent.change(shirt, { target: { value: "3" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Damaged" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Return items" }));
    });
    await waitFor(() =>
      expect(dialog.textContent).toContain("Line 1: only 2 of Batik Shirt L can still come back."),
    );
    expect(shirt.getAttribute("aria-invalid")).toBe("true");
    expect(posted("orders/5/returns")).toEqual([]);

    // Another person took back a pack meanwhile: the server refuses, named on the pack's line.
    fireEvent.change(shirt, { target: { value: "0" } });
    const pack = within(dialog).getByLabelText("Quantity to return of Kopi Pack");
    fireEvent.change(pack, { target: { value: "2" } });
    const message = "Line 2: only 1 of Kopi Pack can still come back.";
    const params = { line: 2, name: "Kopi Pack", left: 1 };
    refuseReturn = json(
      {
        message,
        code: "return_exceeds_sold",
        params,
        issues: [{ path: "lines.1.quantity", message, code: "return_exceeds_sold", params }],
      },
      409,
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Return items" }));
    });
    await waitFor(() => expect(pack.getAttribute("aria-invalid")).toBe("true"));
    const errorId = pack
      .getAttribute("aria-describedby")
      ?.split(" ")
      .find((id) => id.endsWith("-error"));
    expect(document.getElementById(errorId ?? "")?.textContent).toBe(message);
    expect(posted("orders/5/returns")).toHaveLength(1);
    expect(posted("orders/5/returns")[0]?.body).toMatchObject({
      lines: [
        { item_id: 11, quantity: 0 },
        { item_id: 12, quantity: 2 },
      ],
    });
    // The dialog stays open with the typing kept.
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("says a line over what is left in Malay", async () => {
    await setLanguage("ms");
    signInAs(["orders:view", "orders:manage"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    fireEvent.click(await screen.findByRole("button", { name: "Pulangkan item" }, LOADED));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Kuantiti Batik Shirt L untuk dipulangkan"), {
      target: { value: "5" },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Pulangkan item" }));
    });
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        "Baris 1: hanya 2 daripada Batik Shirt L boleh dipulangkan lagi.",
      ),
    );
    expect(posted("orders/5/returns")).toEqual([]);
  });

  it("refunds money without goods, never more than is left, with If-Match", async () => {
    signInAs(["orders:view", "orders:manage"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }, LOADED));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("At most RM 145.00 is left to refund.");
    expect(await axeProblems(dialog)).toEqual([]);
    const amount = within(dialog).getByLabelText("Amount");
    fireEvent.change(amount, { target: { value: "150.00" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), {
      target: { value: "Late delivery" },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    });
    await waitFor(() => expect(amount.getAttribute("aria-invalid")).toBe("true"));
    expect(posted("orders/5/refunds")).toEqual([]);
    fireEvent.change(amount, { target: { value: "20" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    });
    await waitFor(() => expect(posted("orders/5/refunds")).toHaveLength(1));
    expect(posted("orders/5/refunds")[0]).toMatchObject({
      ifMatch: '"7"',
      body: { amount: "20.00", reason: "Late delivery" },
    });
    await waitFor(() => expect(screen.getByTestId("order-refunded").textContent).toBe("RM 65.00"));
  });

  it("adds a staff comment to the timeline", async () => {
    signInAs(["orders:view", "orders:manage"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    const events = await screen.findByTestId("order-timeline", {}, LOADED);
    expect(events.textContent).toContain("Order created");
    fireEvent.change(screen.getByLabelText("Add comment"), {
      target: { value: "Buyer called about the size." },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add comment" }));
    });
    await waitFor(() => expect(events.textContent).toContain("Buyer called about the size."));
    expect(posted("orders/5/comments")[0]?.body).toEqual({ text: "Buyer called about the size." });
    expect((screen.getByLabelText("Add comment") as HTMLTextAreaElement).value).toBe("");
  });

  it("offers neither Return items, Refund nor a comment to a person who may only view orders", async () => {
    signInAs(["orders:view"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    await screen.findByTestId("order-timeline", {}, LOADED);
    expect(screen.queryByRole("button", { name: "Return items" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(screen.queryByLabelText("Add comment")).toBeNull();
  });

  it("offers no Return items on a returned order", async () => {
    order = { ...order, order_status: 9 };
    signInAs(["orders:view", "orders:manage"], { role: "Staff" });
    openApp("/editOrder?oid=5");
    await screen.findByTestId("order-timeline", {}, LOADED);
    expect(screen.queryByRole("button", { name: "Return items" })).toBeNull();
  });
});

describe("the returns list", () => {
  it("lists each return with its order, kind, refund, PV and commission taken back, and its credit note", async () => {
    returns = [returnOf(order, "55.00", [])];
    signInAs(["orders:view"], { role: "Staff" });
    openApp("/returns");
    const row = await waitFor(() => {
      const found = screen
        .getAllByRole("row", { name: /CN20261201000003/ })
        .find((r) => r.closest("table.data-table"));
      if (!found) throw new Error("no return row");
      return found;
    }, LOADED);
    expect(within(row).getByRole("link", { name: "ORD-000005" }).getAttribute("href")).toBe(
      "/editOrder?oid=5",
    );
    expect(within(row).getByText("Return")).toBeTruthy();
    expect(within(row).getByText("RM 55.00")).toBeTruthy();
    expect(within(row).getByText("RM 4.50")).toBeTruthy();
    expect(within(row).getByText("Yes")).toBeTruthy();
    expect(within(row).getByText("Wrong size")).toBeTruthy();
    expect(
      within(row)
        .getByRole("link", { name: "Credit note CN20261201000003 (PDF)" })
        .getAttribute("href"),
    ).toBe("/api/returns/3/creditNote?lang=en");
  });
});
