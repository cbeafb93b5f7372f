import { Alert, Form, Table } from "react-bootstrap";
import { useSearchParams } from "react-router";
import { useWithholdingReport, withholdingFileUrl } from "../../api/withholding";
import { PageHeader, TableSkeleton } from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatCount, formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import type { ScreenProps } from "../../resources/define";

/** Last month (YYYY-MM): the one a store remits for, by the 15th of this one. */
function lastMonth(today = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * /withholdingReport?month=YYYY-MM (docs/decisions/withholding.md): what was
 * withheld under s.107D from each member's payouts in a month, less what was
 * given back, with the NRIC (masked without kyc:view) and TIN, and the total
 * the store pays the tax authority; as CSV and PDF.
 */
export default function WithholdingReportPage({ screen }: ScreenProps) {
  const [search, setSearch] = useSearchParams();
  const month = search.get("month") ?? lastMonth();
  const report = useWithholdingReport(month);
  const mayExport = useCan("export");
  const data = report.data;

  return (
    <>
      <PageHeader title={screen.title}>
        {mayExport &&
          (["csv", "pdf"] as const).map((format) => (
            <a
              key={format}
              className="btn btn-outline-secondary"
              href={withholdingFileUrl(month, format)}
              download
            >
              {translate(format === "csv" ? "Download CSV" : "Download PDF")}
            </a>
          ))}
      </PageHeader>
      <div className="card p-3 mb-3">
        <Form.Group controlId="withholding-month" style={{ maxWidth: "14rem" }}>
          <Form.Label>{translate("Month")}</Form.Label>
          <Form.Control
            type="month"
            value={month}
            onChange={(e) =>
              e.target.value &&
              setSearch(
                (now) => {
                  const next = new URLSearchParams(now);
                  next.set("month", e.target.value);
                  return next;
                },
                { replace: true },
              )
            }
          />
        </Form.Group>
        <p className="small text-muted mb-0 mt-2">
          {translate(
            "2% of each payout to a member paid more than RM 100,000.00 in commissions last year (s.107D), less what was given back when a payout was reversed or failed at the bank. The store pays the total to the tax authority.",
          )}
        </p>
      </div>
      {report.error ? (
        <Alert variant="danger">{errorText(report.error)}</Alert>
      ) : !data ? (
        <TableSkeleton />
      ) : (
        <div className="card p-3">
          <Table size="sm" className="mb-0" aria-label={translate("Tax withheld per member")}>
            <thead>
              <tr>
                <th>{translate("Member")}</th>
                <th>{translate("Name")}</th>
                <th>{translate("NRIC / Passport")}</th>
                <th>{translate("TIN")}</th>
                <th className="text-end">{translate("Payouts")}</th>
                <th className="text-end">{translate("Withheld")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 ? (
                <tr>
                  <td colSpan={6} className="text-muted">
                    {translate("Nothing was withheld in this month.")}
                  </td>
                </tr>
              ) : (
                data.rows.map((row) => (
                  <tr key={row.user_id}>
                    <td>{row.username}</td>
                    <td>{row.name || "-"}</td>
                    <td>{row.id_number ?? "-"}</td>
                    <td>{row.tin || "-"}</td>
                    <td className="text-end">{formatCount(row.payouts)}</td>
                    <td className="text-end text-nowrap">{formatMoney(row.amount)}</td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={5}>{translate("Total to remit")}</th>
                <th className="text-end text-nowrap" data-testid="withholding-total">
                  {formatMoney(data.total)}
                </th>
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
    </>
  );
}
