import type { CommissionStatement, ExportLanguage } from "@store/contract";
import { A4, PdfWording, pdfRow, renderPdf } from "../../lib/pdf";

/** A member's commission statement for one period as an A4 PDF, in the language asked. */

const { margin: MARGIN, width: WIDTH, bottom: BOTTOM } = A4;
const MUTED = "#555555";

/** The table's columns: label, share of the width, right-aligned. */
const COLUMNS = [
  ["Order", 0.1, false],
  ["Buyer", 0.22, false],
  ["Level", 0.08, true],
  ["Rate", 0.1, true],
  ["Base", 0.16, true],
  ["Amount", 0.16, true],
  ["State", 0.18, false],
] as const;

export function statementPdf(
  statement: CommissionStatement,
  storeName: string,
  language: ExportLanguage,
): Promise<Buffer> {
  const words = new PdfWording(language);
  const title = words.text("Commission statement");
  const { period } = statement;
  return renderPdf(
    language,
    { Title: `${title} ${statement.username} ${period.starts_on}`, Author: storeName },
    (doc) => {
      doc.addPage().font("body");
      doc.fontSize(18).text(title, MARGIN, MARGIN);
      doc
        .fontSize(10)
        .fillColor(MUTED)
        .text(`${storeName} · ${statement.username}`)
        .text(
          `${words.text("Period")}: ${period.starts_on} – ${period.ends_on} (${words.text(period.status)})`,
        )
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
      for (const line of statement.lines) {
        if (y > BOTTOM - 120) {
          doc.addPage().font("body");
          y = MARGIN;
        }
        row(
          [
            String(line.orders_id),
            line.buyer_username ?? "-",
            String(line.level),
            `${line.percent}%`,
            words.money(line.base_amount),
            words.money(line.amount),
            words.text(line.state),
          ],
          y,
        );
        y += 16;
      }
      y += 12;
      const totals = [
        ["Earned", statement.earned],
        ["Held", statement.held],
        ["Released", statement.released],
        ["Paid at once", statement.paid],
        ["Reversed", statement.reversed],
        ["Corrections of earlier periods", statement.adjusted],
        ["Owed", statement.owed],
      ] as const;
      for (const [label, amount] of totals) {
        doc.text(words.text(label), MARGIN, y, { width: WIDTH * 0.7 });
        doc.text(words.money(amount), MARGIN + WIDTH * 0.7, y, {
          width: WIDTH * 0.3,
          align: "right",
        });
        y += 16;
      }
    },
    MARGIN,
  );
}
