import type { CommissionPeriodReport } from "@store/contract";
import type { ReactNode } from "react";
import { Col, Row, Table } from "react-bootstrap";
import { ApiError } from "../../api/client";
import { usePeriodReport } from "../../api/commissions";
import { MissingRecord, PageHeader, ScrollingTable, useRecordId } from "../../components";
import { translate } from "../../i18n/messages";
import { formatCount, formatDateTime, formatMoney } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";
import { PeriodStatusBadge, percentText, periodName } from "./periodText";
import { PeriodRankChanges } from "./RankChanges";
import { EmptyRow, StatementLink, TableHead, WhenRead } from "./tables";

/** One of the report's small tables, under its heading; a row saying so when it is empty. */
function ReportTable({
  title,
  headers,
  empty,
  children,
}: {
  title: string;
  /** Column headers in English; those that hold figures are right-aligned. */
  headers: { text: string; figure?: boolean }[];
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Col xs={12} lg={4}>
      <h2 className="h6">{translate(title)}</h2>
      <ScrollingTable label={translate(title)}>
        <Table size="sm" aria-label={translate(title)}>
          <TableHead heads={headers.map((h) => ({ ...h, text: translate(h.text) }))} />
          <tbody>
            {empty ? (
              <EmptyRow columns={headers.length}>
                {translate("Nothing paid in this period.")}
              </EmptyRow>
            ) : (
              children
            )}
          </tbody>
        </Table>
      </ScrollingTable>
    </Col>
  );
}

/** The period's figures: what it pays, of how much sold, to whom, and who decided when. */
function Figures({ report }: { report: CommissionPeriodReport }) {
  const p = report.period;
  const items: [string, ReactNode][] = [
    ["Total", formatMoney(p.total)],
    ["% of sales", percentText(p.percent_of_sales)],
    ["Orders", formatCount(p.orders)],
    ["Members", formatCount(p.members)],
    ["Calculated", formatDateTime(p.calculated_at)],
    [
      "Approved by",
      p.approved_by
        ? translate("{{name}} at {{time}}", {
            name: p.approved_by,
            time: formatDateTime(p.approved_at),
          })
        : p.first_approved_by
          ? translate("First approved by {{name}}", { name: p.first_approved_by })
          : "-",
    ],
    ["Released", formatDateTime(p.released_at)],
  ];
  return (
    <dl className="row mb-0" data-testid="period-figures">
      {items.map(([label, value]) => (
        <div key={label} className="col-6 col-md-3 mb-2">
          <dt className="small text-muted fw-normal">{translate(label)}</dt>
          <dd className="mb-0 fw-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /commissionReport?period={period_id}: a calculated period paid per level,
 * per tier, its top earners (each to their statement), its total as a share
 * of the period's sales, and the tier changes at its close.
 */
export default function PeriodReportPage({ resource, screen }: ScreenProps) {
  const { id, invalid } = useRecordId(screen.param ?? "");
  const report = usePeriodReport(id);
  const back = resource.list;
  if (id === null || invalid || (report.error instanceof ApiError && report.error.status === 404))
    return <MissingRecord what="period" backTo={back.path} backLabel={`Back to ${back.title}`} />;
  const data = report.data;
  const statement = (userId: number) => `${resource.link("statement", userId)}&period=${id}`;

  return (
    <>
      <PageHeader title={screen.title} backTo={back.path} />
      <div className="card p-3 mb-3">
        <WhenRead query={report}>
          {(read) => (
            <>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
                <h2 className="h5 mb-0">{periodName(read.period)}</h2>
                <PeriodStatusBadge period={read.period} />
              </div>
              {read.period.status === "open" && (
                <p className="text-muted">
                  {translate("Not calculated yet: the figures come with its calculation.")}
                </p>
              )}
              <Figures report={read} />
            </>
          )}
        </WhenRead>
      </div>
      {data && (
        <Row className="g-3">
          <ReportTable
            title="By level"
            headers={[
              { text: "Level" },
              { text: "Lines", figure: true },
              { text: "Amount", figure: true },
            ]}
            empty={data.levels.length === 0}
          >
            {data.levels.map((l) => (
              <tr key={l.level}>
                <td>{l.level}</td>
                <td className="text-end">{formatCount(l.lines)}</td>
                <td className="text-end text-nowrap">{formatMoney(l.amount)}</td>
              </tr>
            ))}
          </ReportTable>
          <ReportTable
            title="By tier"
            headers={[
              { text: "Membership" },
              { text: "Members", figure: true },
              { text: "Amount", figure: true },
            ]}
            empty={data.tiers.length === 0}
          >
            {data.tiers.map((t) => (
              <tr key={t.member_id}>
                <td>{t.membership}</td>
                <td className="text-end">{formatCount(t.members)}</td>
                <td className="text-end text-nowrap">{formatMoney(t.amount)}</td>
              </tr>
            ))}
          </ReportTable>
          <ReportTable
            title="Top earners"
            headers={[{ text: "Member" }, { text: "Amount", figure: true }]}
            empty={data.top_earners.length === 0}
          >
            {data.top_earners.map((e) => (
              <tr key={e.user_id}>
                <td>
                  <StatementLink to={statement(e.user_id)} name={e.username} />
                </td>
                <td className="text-end text-nowrap">{formatMoney(e.amount)}</td>
              </tr>
            ))}
          </ReportTable>
          <Col xs={12}>
            <PeriodRankChanges period={data.period} tiers={data.tiers} statement={statement} />
          </Col>
        </Row>
      )}
    </>
  );
}
