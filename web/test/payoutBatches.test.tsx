import {
  type BankFileFormats,
  bankFileFormats,
  type PayoutBatchDetail,
  payoutBatch,
  payoutBatchDetail,
  payoutResult,
} from "@store/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { forgetListViews } from "../src/components/useListState";
import { setLanguage } from "../src/i18n/index";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// The payout batch screens (docs/decisions/payout-batches.md): the real App
// against a small fake server whose answers are parsed by the contract's own
// schemas, so the screens and the contract cannot drift apart.

const LOADED = { timeout: 5000 };

const line = (n: number, more: Partial<PayoutBatchDetail["lines"][number]> = {}) => ({
  line_id: n,
  withdraw_id: 100 + n,
  user_id: n,
  username: `member${n}`,
  payee_name: `Member ${n}`,
  bank_name: n === 1 ? "Maybank" : "CIMB Bank",
  bank_acc: `11223344${n}`,
  amount: n === 1 ? "60.00" : "70.25",
  reference: `WR${100 + n}`,
  result: null,
  result_reason: null,
  result_at: null,
  refunded: false,
  ...more,
});

const batch = (more: Partial<PayoutBatchDetail>): PayoutBatchDetail =>
  payoutBatchDetail.parse({
    batch_id: 7,
    status: "draft",
    total: "130.25",
    line_count: 2,
    paid_count: 0,
    failed_count: 0,
    created_by_username: "admin",
    created_at: "2026-11-29 10:00:00",
    first_released_by: null,
    first_released_by_username: null,
    first_released_at: null,
    released_by_username: null,
    released_at: null,
    reconciled_at: null,
    version: 1,
    lines: [line(1), line(2)],
    files: [],
    ...more,
  });

const FORMATS: BankFileFormats = bankFileFormats.parse({
  formats: [
    ["generic_csv", "Generic CSV", false, "csv"],
    ["cimb_bulk", "CIMB bulk payment (preset)", true, "txt"],
  ].map(([id, name, preset, extension]) => ({
    id,
    name,
    description: preset ? "A preset, not a format certified by the bank." : "One row per payee.",
    preset,
    extension,
    separator: ",",
    quote: "never",
    line_end: "\r\n",
    date_format: "yyyyMMdd",
    amount_format: "decimal",
    allowed_characters: "A-Z0-9 ",
    upper_case: true,
    header: [],
    column_titles: false,
    columns: [],
    trailer: [],
    transfer_types: { own_bank: null, same: "", other: "" },
  })),
  result_columns: { reference: ["reference"], status: ["status"], reason: [], amount: [] },
  result_words: { paid: ["paid"], failed: ["failed"] },
});

let shown: PayoutBatchDetail;
let releaseStatus: 200 | 202;
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
  const method = init?.method ?? "GET";
  const body =
    init?.body instanceof FormData
      ? init.body
      : init?.body
        ? JSON.parse(String(init.body))
        : undefined;
  const ifMatch = new Headers(init?.headers).get("if-match");
  sent.push({ call: `${method} ${path}${query ? `?${query}` : ""}`, body, ifMatch });
  if (path === "bankFileFormats") return json(FORMATS);
  if (path === "payoutBatches")
    return json([payoutBatch.parse(shown)], 200, { "X-Total-Count": "1" });
  if (path === "payoutBatches/7") return json(shown);
  if (path === "payoutBatches/7/release") {
    shown =
      releaseStatus === 202
        ? batch({ ...shown, first_released_by: 1, first_released_by_username: "admin", version: 2 })
        : batch({ ...shown, status: "released", released_by_username: "admin", version: 2 });
    return json(shown, releaseStatus);
  }
  if (path === "payoutBatches/7/file")
    return new Response("H,PB000007\r\n", {
      status: 200,
      headers: {
        "content-type": "text/plain",
        "content-disposition": 'attachment; filename="payout-batch-7-cimb_bulk.txt"',
      },
    });
  if (path === "payoutBatches/7/result") {
    shown = batch({
      ...shown,
      status: "reconciled",
      paid_count: 1,
      failed_count: 1,
      lines: [
        line(1, { result: "paid", result_at: "2026-11-29 12:00:00" }),
        line(2, {
          result: "failed",
          result_reason: "Account closed",
          result_at: "2026-11-29 12:00:00",
          refunded: true,
        }),
      ],
    });
    return json(
      payoutResult.parse({
        paid: 1,
        failed: 1,
        refunded: "70.25",
        unknown_lines: [{ row: 4, reference: "WR999", why: "no_such_line" }],
        status: "reconciled",
      }),
    );
  }
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  return json({ message: "Not found." }, 404);
}

beforeEach(() => {
  shown = batch({});
  releaseStatus = 200;
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

describe("the payout batch screen", () => {
  it("lists each line's member, bank, account, amount and the bank's answer", async () => {
    signInAs();
    openApp("/payoutBatch?id=7");
    const lines = await screen.findByRole("table", { name: "Batch lines" }, LOADED);
    const rows = within(lines).getAllByRole("row");
    expect(rows[0]?.textContent).toBe(
      "MemberPayee NameBank NameBank AccountAmountReferenceBank's answer",
    );
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "member2",
      "Member 2",
      "CIMB Bank",
      "112233442",
      "RM 70.25",
      "WR102",
      "Awaiting the bank",
    ]);
    expect(
      within(lines)
        .getByRole("link", { name: "Withdrawal request of member1" })
        .getAttribute("href"),
    ).toBe("/withdrawRequest?withdraw_id=101");
    // A draft: the file comes after the release.
    expect(screen.getByRole("button", { name: "Download file" })).toHaveProperty("disabled", true);
  });

  it("releases after a confirmation naming the total; a 202 says a second person must release it", async () => {
    releaseStatus = 202;
    signInAs();
    openApp("/payoutBatch?id=7");
    fireEvent.click(await screen.findByRole("button", { name: "Release" }, LOADED));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("RM 130.25 to 2 payees");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Release" }));
    });
    await waitFor(() =>
      expect(toasts).toContain(
        "First release recorded; a second person must release Payout batch #7.",
      ),
    );
    expect(sent.find((s) => s.call === "POST payoutBatches/7/release")?.ifMatch).toBe('"1"');
    // The first releaser is not offered the second release.
    expect(await screen.findByText("Another person releases")).toBeTruthy();
    expect(screen.getByText("Awaiting second release")).toBeTruthy();
  });

  it("downloads the file in the chosen format, and imports the bank's answer with its summary", async () => {
    shown = batch({ status: "released", released_by_username: "admin" });
    signInAs();
    openApp("/payoutBatch?id=7");
    const format = await screen.findByLabelText("Bank file format", {}, LOADED);
    await waitFor(() => expect(within(format).getAllByRole("option")).toHaveLength(2));
    fireEvent.change(format, { target: { value: "cimb_bulk" } });
    expect(screen.getByText("A preset, not a format certified by the bank.")).toBeTruthy();
    // happy-dom would follow the link to the file (a browser saves it), and
    // every later test of this worker would start from that blob: address.
    const saved: string[] = [];
    const save = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByRole("button", { name: "Download file" }));
    await waitFor(() => expect(toasts).toContain("payout-batch-7-cimb_bulk.txt downloaded."));
    save.mockRestore();
    expect(saved).toEqual(["payout-batch-7-cimb_bulk.txt"]);
    expect(sent.map((s) => s.call)).toContain("GET payoutBatches/7/file?format=cimb_bulk");

    const input = screen.getByLabelText("Bank's answer (CSV or xlsx)");
    const file = new File(["Reference,Status\r\n"], "answer.csv", { type: "text/csv" });
    fireEvent.change(input, { target: { files: [file] } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Import bank result" }));
    });
    const summary = await screen.findByTestId("import-result");
    expect(summary.textContent).toContain(
      "Paid: 1. Failed: 1. Put back in cash wallets: RM 70.25.",
    );
    expect(within(summary).getByRole("list", { name: "Rows not used" }).textContent).toBe(
      "Row 4 (WR999): no line of this batch has this reference",
    );
    const upload = sent.find((s) => s.call === "POST payoutBatches/7/result");
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get("file")).toBeInstanceOf(File);
    // The lines show the answer once the batch is read again.
    const lines = await screen.findByRole("table", { name: "Batch lines" });
    await waitFor(() => expect(within(lines).getByText("Account closed")).toBeTruthy());
    expect(within(lines).getByText("Refunded to the cash wallet")).toBeTruthy();
    expect(screen.getByText("Reconciled")).toBeTruthy();
  });

  it("offers a person who may only view payouts the lines, not Release, the file or the import", async () => {
    signInAs(["payouts:view"], { role: "Staff" });
    openApp("/payoutBatch?id=7");
    await screen.findByRole("table", { name: "Batch lines" }, LOADED);
    expect(screen.queryByRole("button", { name: "Release" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Download file" })).toBeNull();
    expect(screen.queryByLabelText("Bank's answer (CSV or xlsx)")).toBeNull();
  });
});

describe("the payout batches list", () => {
  it("shows each batch with its status and total, linked to its screen", async () => {
    signInAs();
    openApp("/payoutBatches");
    const row = await screen.findByRole("row", { name: /Payout batch #7/ }, LOADED);
    expect(within(row).getByText("Draft")).toBeTruthy();
    expect(within(row).getByText("RM 130.25")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Payout batch #7" }).getAttribute("href")).toBe(
      "/payoutBatch?id=7",
    );
  });
});
