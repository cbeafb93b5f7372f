import type { ExportLanguage } from "@store/contract";
import { A4, PdfWording, renderPdf } from "../../lib/pdf";
import type { Cp58Document } from "./cp58";

/**
 * A member's CP58 for one year as an A4 PDF, in the language asked: the
 * fields of the Inland Revenue Board's form (docs/decisions/cp58.md). Part A
 * the payer, Part B the agent, dealer or distributor, Part C the amounts by kind.
 */

const { margin: MARGIN, width: WIDTH } = A4;
const LABEL = 0.36;
const MUTED = "#555555";

export function cp58Pdf(statement: Cp58Document, language: ExportLanguage): Promise<Buffer> {
  const words = new PdfWording(language);
  const { payer, payee, amounts, year } = statement;
  return renderPdf(
    language,
    { Title: `CP58 ${year} ${payee.username}`, Author: payer.name },
    (doc) => {
      doc.addPage().font("body");
      doc.fontSize(18).text("CP58", MARGIN, MARGIN);
      doc
        .fontSize(10)
        .text(
          words.text(
            "Statement of monetary and non-monetary incentive payments to an agent, dealer or distributor (Income Tax Act 1967, section 83A)",
          ),
        )
        .fontSize(12)
        .text(`${words.text("Year of remuneration")}: ${year}`)
        .moveDown();
      const field = (label: string, value: string) => {
        const y = doc.y;
        doc
          .fontSize(10)
          .fillColor(MUTED)
          .text(words.text(label), MARGIN, y, {
            width: WIDTH * LABEL - 8,
          });
        const labelEnd = doc.y;
        doc
          .fillColor("black")
          .text(value || "-", MARGIN + WIDTH * LABEL, y, { width: WIDTH * (1 - LABEL) });
        doc.y = Math.max(doc.y, labelEnd) + 4;
      };
      const part = (title: string) => {
        doc.moveDown(0.5).fontSize(12).fillColor("black").text(words.text(title), MARGIN);
        doc.moveDown(0.3);
      };
      part("Part A: Particulars of the payer");
      field("Name", payer.name);
      field("Registration number", payer.registration);
      field("Address", payer.address);
      field("Contact", payer.contact);
      part("Part B: Particulars of the agent, dealer or distributor");
      field("Name", payee.name);
      field("NRIC", payee.nric ?? "");
      field("Passport", payee.passport ?? "");
      field("Tax identification number (TIN)", payee.tin);
      field("Address", payee.address);
      field("Contact", [payee.contact, payee.email].filter(Boolean).join(" · "));
      field("Username", payee.username);
      part("Part C: Incentive payments in the year (RM)");
      field("Commissions in cash", words.money(amounts.commissions));
      field(
        "Incentives in cash (no incentive record in this store)",
        words.money(amounts.incentives),
      );
      field("Incentives in kind (non-monetary)", words.money(amounts.in_kind));
      field("Total", words.money(amounts.total));
      doc
        .moveDown()
        .fontSize(9)
        .fillColor(MUTED)
        .text(
          words.message(
            "This statement is to be given to the agent, dealer or distributor by 31 March {{year}}.",
            { year: year + 1 },
          ),
          MARGIN,
        );
    },
    MARGIN,
  );
}
