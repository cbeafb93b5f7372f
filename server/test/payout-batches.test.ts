/**
 * Payout batches (issue 39, docs/decisions/payout-batches.md) over HTTP on a
 * real database: the bank files of every declared format, a request in one
 * batch only (two racing calls), four-eyes release, and the bank's answer
 * refunding a failed payment once however often it is imported.
 */
import { createHash } from "node:crypto";
import type { BankFileFormat, BankFileFormats, PayoutBatchDetail } from "@store/contract";
import { toSen } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  payoutBatches,
  payoutBatchFiles,
  payoutBatchLines,
  walletLedger,
  withdrawRequests,
} from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertRequest, insertUser, readWallet } from "./people.fixtures";
import { createStaff, type StaffMember, setSecondApprovalAbove } from "./staff.fixtures";

let ctx: TestContext;
let first: StaffMember;
let second: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  first = await createStaff(ctx, ["payouts:manage"]);
  second = await createStaff(ctx, ["payouts:manage"]);
});
afterAll(() => ctx.close());
beforeEach(() => setSecondApprovalAbove(ctx, null));

interface Payee {
  amount: string;
  bank?: string;
  account?: string;
  f_name?: string;
  l_name?: string;
}

/** A member's request approved the way the screen does it: its money leaves the cash wallet. */
async function approvedRequest(payee: Payee) {
  const owner = await insertUser(
    ctx.db,
    { f_name: payee.f_name ?? "Aminah", l_name: payee.l_name ?? "Yusof" },
    { c_wallet_amt: "5000.00" },
  );
  const id = await insertRequest(ctx.db, owner, payee.amount);
  await ctx.db
    .update(withdrawRequests)
    .set({ bank_name: payee.bank ?? "Maybank", bank_acc: payee.account ?? "1122-3344-5566" })
    .where(eq(withdrawRequests.withdraw_id, id));
  const res = await ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, id };
}

const create = (ids: number[], as: StaffMember | TestContext = ctx) =>
  as.call("POST", "/api/payoutBatches", { withdraw_ids: ids });

async function releasedBatch(payees: Payee[]) {
  const requests = [];
  for (const p of payees) requests.push(await approvedRequest(p));
  const made = await create(requests.map((r) => r.id));
  expect(made.statusCode, made.body).toBe(201);
  const batch: PayoutBatchDetail = made.json();
  const released = await ctx.call("POST", `/api/payoutBatches/${batch.batch_id}/release`);
  expect(released.statusCode, released.body).toBe(200);
  return { batch: released.json() as PayoutBatchDetail, requests };
}

function multipart(name: string, content: Buffer | string, cookie = ctx.cookie) {
  const boundary = "----payoutboundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
  };
}

const importAnswer = (batchId: number, name: string, content: Buffer | string) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/payoutBatches/${batchId}/result`,
    ...multipart(name, content),
  });

const refunds = (id: number) =>
  ctx.db
    .select()
    .from(walletLedger)
    .where(
      and(
        eq(walletLedger.ref_type, "withdrawal"),
        eq(walletLedger.ref_id, id),
        eq(walletLedger.reason, "payout_failed"),
      ),
    );

const countOf = async (table: typeof payoutBatches | typeof payoutBatchLines) =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

/** The file's rows split back into cells (none of our cells holds a separator or a quote). */
function rowsOf(format: BankFileFormat, body: string): string[][] {
  return body
    .split(format.line_end)
    .filter((line) => line !== "")
    .map((line) => line.split(format.separator).map((c) => c.replace(/^"|"$/g, "")));
}

describe("the bank file", () => {
  it("a batch of three: every format's rows, amounts and header/trailer figures equal the batch", async () => {
    const { batch } = await releasedBatch([
      { amount: "10.50", bank: "Maybank", f_name: "Zoë", l_name: "Núñez-O'Brien" },
      { amount: "200.00", bank: "CIMB Bank", account: "8001 234 567" },
      { amount: "1234.56", bank: "Public Bank", f_name: "陈", l_name: "" },
    ]);
    expect(batch).toMatchObject({ status: "released", total: "1445.06", line_count: 3 });

    const formats: BankFileFormats = (await ctx.call("GET", "/api/bankFileFormats")).json();
    expect(formats.formats.map((f) => f.id)).toEqual([
      "generic_csv",
      "duitnow_ibg",
      "maybank_bulk",
      "cimb_bulk",
    ]);
    for (const preset of formats.formats.filter((f) => f.preset)) {
      expect(preset.description).toContain("not a format certified by the bank");
    }
    for (const format of formats.formats) {
      const res = await ctx.call(
        "GET",
        `/api/payoutBatches/${batch.batch_id}/file?format=${format.id}`,
      );
      expect(res.statusCode, `${format.id}: ${res.body}`).toBe(200);
      expect(res.headers["content-disposition"]).toContain(
        `payout-batch-${batch.batch_id}-${format.id}.${format.extension}`,
      );
      expect(res.headers["x-checksum-sha256"]).toBe(
        createHash("sha256").update(res.body, "utf8").digest("hex"),
      );
      const rows = rowsOf(format, res.body);
      const lines = rows.slice(
        format.header.length + (format.column_titles ? 1 : 0),
        rows.length - format.trailer.length,
      );
      expect(lines, format.id).toHaveLength(3);
      const amountAt = format.columns.findIndex((c) => c.field === "amount");
      const sen = (cell: string) => (format.amount_format === "sen" ? BigInt(cell) : toSen(cell));
      const sum = lines.reduce((total, cells) => total + sen(cells[amountAt] ?? "0"), 0n);
      expect(sum, format.id).toBe(toSen("1445.06"));
      // The header and trailer name the count and the total, in the format's amounts.
      for (const [template, cells] of [
        ...format.header.map((t, i) => [t, rows[i]] as const),
        ...format.trailer.map(
          (t, i) => [t, rows[rows.length - format.trailer.length + i]] as const,
        ),
      ]) {
        expect(cells?.[template.indexOf("{count}")], format.id).toBe("3");
        expect(sen(cells?.[template.indexOf("{total}")] ?? "0"), format.id).toBe(toSen("1445.06"));
      }
      // Asked again: the kept bytes.
      const again = await ctx.call(
        "GET",
        `/api/payoutBatches/${batch.batch_id}/file?format=${format.id}`,
      );
      expect(again.body).toBe(res.body);
    }

    // Names as the bank takes them: accents dropped, capitals, only its characters.
    const duitnow = formats.formats.find((f) => f.id === "duitnow_ibg") as BankFileFormat;
    const file = await ctx.call(
      "GET",
      `/api/payoutBatches/${batch.batch_id}/file?format=duitnow_ibg`,
    );
    const [, zoe, cimb, chen] = rowsOf(duitnow, file.body);
    expect(zoe?.slice(0, 5)).toEqual([
      "D",
      `WR${batch.lines[0]?.withdraw_id}`,
      "ZOE NUNEZ-OBRIEN",
      "MBBEMYKL",
      "112233445566",
    ]);
    expect(cimb?.slice(3, 5)).toEqual(["CIBBMYKL", "8001234567"]);
    // A name of no letter the bank takes is written as the member's username.
    expect(chen?.[2]).toBe(batch.lines[2]?.username.toUpperCase());

    const detail: PayoutBatchDetail = (
      await ctx.call("GET", `/api/payoutBatches/${batch.batch_id}`)
    ).json();
    expect(detail.files.map((f) => [f.format, f.rows, f.total]).sort()).toEqual(
      formats.formats.map((f) => [f.id, 3, "1445.06"]).sort(),
    );
    const kept = await ctx.db
      .select()
      .from(payoutBatchFiles)
      .where(eq(payoutBatchFiles.batch_id, batch.batch_id));
    for (const f of kept) {
      expect(f.sha256).toBe(createHash("sha256").update(f.content, "utf8").digest("hex"));
    }
  });

  it("is not made for a draft batch (409), nor in an unknown format (400), and names a bank it cannot code", async () => {
    const { id } = await approvedRequest({ amount: "50.00", bank: "Bank of Nowhere" });
    const draft: PayoutBatchDetail = (await create([id])).json();
    const early = await ctx.call(
      "GET",
      `/api/payoutBatches/${draft.batch_id}/file?format=generic_csv`,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "payout_batch_not_released" });
    await ctx.call("POST", `/api/payoutBatches/${draft.batch_id}/release`);
    const unknown = await ctx.call("GET", `/api/payoutBatches/${draft.batch_id}/file?format=swift`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "bank_format_required" });
    // The generic CSV leaves an unknown bank's code empty; an IBG file needs it.
    expect(
      (await ctx.call("GET", `/api/payoutBatches/${draft.batch_id}/file?format=generic_csv`))
        .statusCode,
    ).toBe(200);
    const ibg = await ctx.call(
      "GET",
      `/api/payoutBatches/${draft.batch_id}/file?format=duitnow_ibg`,
    );
    expect(ibg.statusCode).toBe(409);
    expect(ibg.json()).toMatchObject({
      code: "payout_bank_unknown",
      params: { id, bank: "Bank of Nowhere" },
    });
    const files = await ctx.db
      .select({ format: payoutBatchFiles.format })
      .from(payoutBatchFiles)
      .where(eq(payoutBatchFiles.batch_id, draft.batch_id));
    expect(files).toEqual([{ format: "generic_csv" }]);
  });
});

describe("gathering requests into a batch", () => {
  it("the same request cannot enter two batches: of two racing calls exactly one wins", async () => {
    const a = await approvedRequest({ amount: "25.00" });
    const b = await approvedRequest({ amount: "35.00" });
    const [one, two] = await Promise.all([create([a.id, b.id]), create([b.id])]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes, `${one.body} ${two.body}`).toEqual([201, 409]);
    const lost = one.statusCode === 409 ? one : two;
    const won: PayoutBatchDetail = (one.statusCode === 201 ? one : two).json();
    expect(lost.json()).toMatchObject({
      code: "already_batched",
      params: { id: b.id, batch: won.batch_id },
    });
    const lines = await ctx.db
      .select()
      .from(payoutBatchLines)
      .where(eq(payoutBatchLines.withdraw_id, b.id));
    expect(lines).toHaveLength(1);
    // Later, too: the request names its batch.
    const again = await create([b.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Withdrawal request #${b.id} is already in payout batch #${won.batch_id}; a request is paid in one batch only.`,
    );
    const shown = await ctx.call("GET", `/api/withdrawRequest?withdraw_id=${b.id}`);
    expect(shown.json()[0]).toMatchObject({ payout_batch_id: won.batch_id, payout_result: null });
  });

  it("answers 4xx for what cannot be batched, and writes nothing", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "100.00" });
    const processing = await insertRequest(ctx.db, owner, "10.00");
    const ok = await approvedRequest({ amount: "15.00" });
    const batches = await countOf(payoutBatches);
    const lines = await countOf(payoutBatchLines);
    const audits = (await ctx.db.select().from(auditLog).where(eq(auditLog.entity, "PayoutBatch")))
      .length;
    const cases: [unknown, number, string][] = [
      [{ withdraw_ids: [ok.id, processing] }, 409, "payout_not_batchable"],
      [{ withdraw_ids: [ok.id, 2_000_000_000] }, 400, "withdrawal_unknown"],
      [{ withdraw_ids: [] }, 400, "choose_records"],
      [{ withdraw_ids: ["x"] }, 400, "not_a_number"],
      [{}, 400, "required"],
    ];
    for (const [body, status, code] of cases) {
      const res = await ctx.call("POST", "/api/payoutBatches", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    const reversed = await approvedRequest({ amount: "20.00" });
    await ctx.call("PUT", `/api/withdrawRequest/${reversed.id}/reverse`, {
      note: "Bank sent back",
    });
    const res = await create([reversed.id]);
    expect(res.json()).toMatchObject({
      code: "payout_not_batchable",
      params: { id: reversed.id, status: "reversed" },
    });
    expect(await countOf(payoutBatches)).toBe(batches);
    expect(await countOf(payoutBatchLines)).toBe(lines);
    expect(
      (await ctx.db.select().from(auditLog).where(eq(auditLog.entity, "PayoutBatch"))).length,
    ).toBe(audits);
  });

  it("needs payouts:manage to gather and payouts:view to read", async () => {
    const viewer = await createStaff(ctx, ["payouts:view"]);
    const { id } = await approvedRequest({ amount: "12.00" });
    const refused = await create([id], viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "forbidden", permission: "payouts:manage" });
    const made: PayoutBatchDetail = (await create([id])).json();
    const list = await viewer.call("GET", "/api/payoutBatches");
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers["x-total-count"])).toBeGreaterThan(0);
    expect(list.json()[0]).toMatchObject({
      batch_id: made.batch_id,
      status: "draft",
      total: "12.00",
      line_count: 1,
      paid_count: 0,
      created_by_username: "admin",
    });
    expect((await viewer.call("GET", `/api/payoutBatches/${made.batch_id}`)).statusCode).toBe(200);
    const other = await createStaff(ctx, ["orders:view"]);
    expect((await other.call("GET", "/api/payoutBatches")).statusCode).toBe(403);
  });
});

describe("releasing above the second-approval amount", () => {
  it("takes two different people, each stepped up: 202 for the first, the same person 409", async () => {
    const { id } = await approvedRequest({ amount: "150.00" });
    await setSecondApprovalAbove(ctx, "100.00");
    const made: PayoutBatchDetail = (await create([id], first)).json();
    const release = (who: StaffMember, cookie?: string) =>
      who.call("POST", `/api/payoutBatches/${made.batch_id}/release`, undefined, cookie);

    const unproven = await release(first);
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe("step_up_required");

    await first.stepUp();
    const once = await release(first);
    expect(once.statusCode, once.body).toBe(202);
    expect(once.json()).toMatchObject({
      status: "draft",
      first_released_by: first.user_id,
      first_released_by_username: first.username,
    });
    const other = await first.signIn();
    await first.stepUp(other);
    const same = await release(first, other);
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe("second_approval_same_person");
    // Not a file before the second person.
    expect(
      (await first.call("GET", `/api/payoutBatches/${made.batch_id}/file?format=generic_csv`))
        .statusCode,
    ).toBe(409);

    expect((await release(second)).json().code).toBe("step_up_required");
    await second.stepUp();
    const done = await release(second);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: "released",
      released_by_username: second.username,
      first_released_by: first.user_id,
    });
    const again = await release(second);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "payout_batch_not_draft",
      params: { status: "released" },
    });
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "PayoutBatch"), eq(auditLog.entity_id, String(made.batch_id))),
      );
    expect(audits.map((a) => [a.action, a.actor_id, a.label])).toEqual([
      ["create", first.user_id, `Payout batch #${made.batch_id}`],
      ["update", first.user_id, `Payout batch #${made.batch_id}`],
      ["update", second.user_id, `Payout batch #${made.batch_id}`],
    ]);
  });

  it("at or below the amount one person releases it (200)", async () => {
    await setSecondApprovalAbove(ctx, "100.00");
    const { id } = await approvedRequest({ amount: "100.00" });
    const made: PayoutBatchDetail = (await create([id])).json();
    const res = await ctx.call("POST", `/api/payoutBatches/${made.batch_id}/release`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe("released");
  });

  it("checks the version shown (If-Match → 412, nothing changes)", async () => {
    const { id } = await approvedRequest({ amount: "40.00" });
    const made: PayoutBatchDetail = (await create([id])).json();
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/payoutBatches/${made.batch_id}/release`,
      headers: { cookie: ctx.cookie, "if-match": `"${made.version + 1}"` },
    });
    expect(res.statusCode).toBe(412);
    expect((await ctx.call("GET", `/api/payoutBatches/${made.batch_id}`)).json().status).toBe(
      "draft",
    );
  });
});

describe("the bank's answer", () => {
  it("a failed line refunds once, even when the same file is imported twice; the request says why", async () => {
    const { batch, requests } = await releasedBatch([
      { amount: "60.00", bank: "Maybank" },
      { amount: "70.25", bank: "RHB Bank" },
    ]);
    const [paid, failed] = requests as [(typeof requests)[0], (typeof requests)[0]];
    const walletBefore = (await readWallet(ctx.db, failed.owner))?.c_wallet_amt;
    expect(walletBefore).toBe("4929.75");
    const answer = [
      "Bank Status Report,,,",
      "Payment Reference,Amount (RM),Status,Rejection Reason",
      `WR${paid.id},60.00,Successful,`,
      `wr${failed.id},"70.25",Rejected,"Account closed, beneficiary"`,
      "WR999999999,5.00,Successful,",
      "Total,130.25,,",
    ].join("\r\n");

    const res = await importAnswer(batch.batch_id, "answer.csv", answer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      paid: 1,
      failed: 1,
      refunded: "70.25",
      unknown_lines: [
        { row: 5, reference: "WR999999999", why: "no_such_line" },
        { row: 6, reference: "Total", why: "no_such_line" },
      ],
      status: "reconciled",
    });
    expect((await readWallet(ctx.db, failed.owner))?.c_wallet_amt).toBe("5000.00");
    expect((await readWallet(ctx.db, paid.owner))?.c_wallet_amt).toBe("4940.00");
    const entries = await refunds(failed.id);
    expect(entries.map((e) => [e.amount, e.note])).toEqual([
      [
        "70.25",
        `Payout batch PB${String(batch.batch_id).padStart(6, "0")} failed at the bank: Account closed, beneficiary`,
      ],
    ]);

    const twice = await importAnswer(batch.batch_id, "answer.csv", answer);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json()).toMatchObject({ paid: 1, failed: 1, refunded: "0.00" });
    expect(await refunds(failed.id)).toHaveLength(1);
    expect((await readWallet(ctx.db, failed.owner))?.c_wallet_amt).toBe("5000.00");

    const detail: PayoutBatchDetail = (
      await ctx.call("GET", `/api/payoutBatches/${batch.batch_id}`)
    ).json();
    expect(detail).toMatchObject({ status: "reconciled", paid_count: 1, failed_count: 1 });
    expect(detail.reconciled_at).not.toBeNull();
    expect(detail.lines.map((l) => [l.result, l.result_reason, l.refunded])).toEqual([
      ["paid", null, false],
      ["failed", "Account closed, beneficiary", true],
    ]);
    const request = (
      await ctx.call("GET", `/api/withdrawRequest?withdraw_id=${failed.id}`)
    ).json()[0];
    expect(request).toMatchObject({
      payout_batch_id: batch.batch_id,
      payout_result: "failed",
      payout_reason: "Account closed, beneficiary",
    });
    expect(request.reversed_at).not.toBeNull();
    // Its money went back: a Reverse would pay it twice, and is refused.
    const reverse = await ctx.call("PUT", `/api/withdrawRequest/${failed.id}/reverse`, {
      note: "Bank returned it",
    });
    expect(reverse.json().code).toBe("withdrawal_reversed");
    // The other answer for an answered line is reported, never applied.
    const otherwise = await importAnswer(
      batch.batch_id,
      "late.csv",
      `Reference,Status\r\nWR${paid.id},Returned\r\n`,
    );
    expect(otherwise.json()).toMatchObject({
      paid: 0,
      failed: 0,
      refunded: "0.00",
      unknown_lines: [{ row: 2, reference: `WR${paid.id}`, why: "answered_otherwise" }],
    });
  });

  it("reads an xlsx answer; a batch with a line unanswered stays released", async () => {
    const { batch, requests } = await releasedBatch([
      { amount: "11.00" },
      { amount: "12.00" },
      { amount: "13.00" },
    ]);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Result");
    sheet.addRow(["Reference", "Status", "Reason", "Amount"]);
    sheet.addRow([`WR${requests[0]?.id}`, "ACSC", "", 11]);
    sheet.addRow([`WR${requests[1]?.id}`, "RJCT", "Invalid account", 1200]);
    sheet.addRow([`WR${requests[2]?.id}`, "Pending", "", 13]);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await importAnswer(batch.batch_id, "answer.xlsx", xlsx);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      paid: 1,
      failed: 1,
      refunded: "12.00",
      unknown_lines: [{ row: 4, reference: `WR${requests[2]?.id}`, why: "unknown_status" }],
      status: "released",
    });
    const detail: PayoutBatchDetail = (
      await ctx.call("GET", `/api/payoutBatches/${batch.batch_id}`)
    ).json();
    expect(detail.reconciled_at).toBeNull();
    expect(detail.lines[2]?.result).toBeNull();
  });

  it("refuses a file it cannot read, a draft batch, or a body that is not a form: 4xx, nothing written", async () => {
    const { batch, requests } = await releasedBatch([{ amount: "9.00" }]);
    const before = await ctx.db
      .select()
      .from(payoutBatchLines)
      .where(eq(payoutBatchLines.batch_id, batch.batch_id));
    const noHeader = await importAnswer(batch.batch_id, "a.csv", `WR${requests[0]?.id},Failed\r\n`);
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().code).toBe("payout_result_columns");
    const binary = await importAnswer(batch.batch_id, "a.bin", Buffer.from([1, 0, 2, 0, 3]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().code).toBe("payout_result_unreadable");
    const json = await ctx.call("POST", `/api/payoutBatches/${batch.batch_id}/result`, {
      file: "x",
    });
    expect(json.statusCode).toBe(415);
    const { id } = await approvedRequest({ amount: "8.00" });
    const draft: PayoutBatchDetail = (await create([id])).json();
    const early = await importAnswer(
      draft.batch_id,
      "a.csv",
      `Reference,Status\r\nWR${id},Failed\r\n`,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("payout_batch_not_released");
    const missing = await importAnswer(2_000_000_000, "a.csv", "Reference,Status\r\n");
    expect(missing.statusCode).toBe(404);
    expect(
      await ctx.db
        .select()
        .from(payoutBatchLines)
        .where(eq(payoutBatchLines.batch_id, batch.batch_id)),
    ).toEqual(before);
    expect(await refunds(id)).toEqual([]);
  });
});
