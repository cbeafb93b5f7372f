/**
 * GET reports/withholding?month=YYYY-MM (docs/decisions/withholding.md): the
 * s.107D remittance for one month, per member, read from the ledger's
 * `tax_withheld` entries in the month's days (the store's zone): what was
 * withheld less what was given back in it. The identity number is masked to
 * its last 4 characters; in full only for `kyc:view`, each member's number so
 * shown audited as a KYC view (modules/kyc).
 */
import {
  type ExportLanguage,
  fromSen,
  maskIdNumber,
  toSen,
  type WithholdingReport,
  type WithholdingRow,
} from "@store/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { STORE_ZONE } from "../../db/storeZone";
import { type Actor, recordAudit } from "../../lib/audit";
import { csvLine } from "../../lib/csv";
import { A4, PdfWording, pdfRow, renderPdf } from "../../lib/pdf";

/** The month's first and last day: "2026-02" → 2026-02-01 … 2026-02-28. */
export function monthSpan(month: string): { from: string; to: string } {
  const [year = 0, number = 0] = month.split("-").map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

export async function withholdingReport(
  db: Db,
  actor: Actor,
  month: string,
  fullIdNumbers: boolean,
): Promise<WithholdingReport> {
  const { from, to } = monthSpan(month);
  return db.transaction(async (tx) => {
    const result = await tx.execute<{
      user_id: number;
      username: string;
      name: string;
      nric: string | null;
      passport: string | null;
      tin: string | null;
      amount: string;
      payouts: number;
    }>(sql`
      with month as (
        select user_id, sum(amount) as amount,
          count(*) filter (where reason = 'tax_withholding')::int as payouts,
          min(ref_id) as a_request
        from wallet_ledger
        where account = 'tax_withheld'
          and created_at >= (${from}::date)::timestamp at time zone ${STORE_ZONE}
          and created_at < (${to}::date + 1)::timestamp at time zone ${STORE_ZONE}
        group by user_id
        having sum(amount) <> 0
      )
      select m.user_id,
        -- A deleted member is named as their request kept them.
        coalesce(u.username, r.payee_username, '') as username,
        trim(coalesce(u.f_name, '') || ' ' || coalesce(u.l_name, '')) as name,
        k.nric, k.passport, k.tin,
        m.amount::numeric(14, 2)::text as amount, m.payouts
      from month m
      left join users u on u.user_id = m.user_id
      left join user_kyc k on k.user_id = m.user_id
      left join withdraw_requests r on r.withdraw_id = m.a_request
      order by username, m.user_id`);
    const rows: WithholdingRow[] = result.rows.map((row) => {
      const id = row.nric ?? row.passport;
      return {
        user_id: Number(row.user_id),
        username: row.username,
        name: row.name,
        id_number: fullIdNumbers ? (id ?? null) : maskIdNumber(id),
        id_type: row.nric ? "nric" : row.passport ? "passport" : null,
        tin: row.tin ?? "",
        amount: row.amount,
        payouts: Number(row.payouts),
      };
    });
    if (fullIdNumbers) {
      // Each number shown in full is a KYC view, audited as GET users/{id}/kyc/identity audits it.
      for (const row of result.rows) {
        if (!row.nric && !row.passport) continue;
        await recordAudit(tx, actor, {
          entity: "Kyc",
          entityId: Number(row.user_id),
          action: "view",
          after: {
            user_id: Number(row.user_id),
            viewed: `identity (withholding report ${month})`,
            nric: maskIdNumber(row.nric),
            passport: maskIdNumber(row.passport),
          },
        });
      }
    }
    const total = rows.reduce((sum, row) => sum + toSen(row.amount), 0n);
    return { month, from, to, full_id_numbers: fullIdNumbers, rows, total: fromSen(total) };
  });
}

export function withholdingCsv(report: WithholdingReport): string {
  return [
    csvLine(["username", "name", "id_type", "id_number", "tin", "payouts", "amount"]),
    ...report.rows.map((row) =>
      csvLine([
        row.username,
        row.name,
        row.id_type,
        row.id_number,
        row.tin,
        row.payouts,
        row.amount,
      ]),
    ),
    csvLine(["total", "", "", "", "", "", report.total]),
  ].join("");
}

const { margin: MARGIN, width: WIDTH, bottom: BOTTOM } = A4;
const MUTED = "#555555";

/** The table's columns: label, share of the width, right-aligned. */
const COLUMNS = [
  ["Member", 0.16, false],
  ["Name", 0.24, false],
  ["NRIC / Passport", 0.18, false],
  ["TIN", 0.16, false],
  ["Payouts", 0.1, true],
  ["Withheld", 0.16, true],
] as const;

/** The month's remittance as an A4 PDF, in the language asked (as commissions/statementPdf.ts). */
export function withholdingPdf(
  report: WithholdingReport,
  storeName: string,
  language: ExportLanguage,
): Promise<Buffer> {
  const words = new PdfWording(language);
  const title = words.text("Withholding tax remittance (s.107D)");
  return renderPdf(
    language,
    { Title: `${title} ${report.month}`, Author: storeName },
    (doc) => {
      doc.addPage().font("body");
      doc.fontSize(18).text(title, MARGIN, MARGIN);
      doc
        .fontSize(10)
        .fillColor(MUTED)
        .text(`${storeName} · ${words.text("Month")}: ${report.month}`)
        .text(`${report.from} – ${report.to}`)
        .fillColor("black")
        .moveDown();
      const row = (cells: string[], y: number) =>
        pdfRow(doc, COLUMNS, cells, { left: MARGIN, width: WIDTH, y });
      let y = doc.y;
      row(
        COLUMNS.map(([label]) => words.text(label)),
        y,
      );
      y += 18;
      for (const line of report.rows) {
        if (y > BOTTOM - 60) {
          doc.addPage().font("body");
          y = MARGIN;
        }
        row(
          [
            line.username,
            line.name || "-",
            line.id_number ?? "-",
            line.tin || "-",
            String(line.payouts),
            words.money(line.amount),
          ],
          y,
        );
        y += 16;
      }
      y += 12;
      doc.text(words.text("Total to remit"), MARGIN, y, { width: WIDTH * 0.7 });
      doc.text(words.money(report.total), MARGIN + WIDTH * 0.7, y, {
        width: WIDTH * 0.3,
        align: "right",
      });
    },
    MARGIN,
  );
}
