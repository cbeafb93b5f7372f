import type { ReportAnswer } from "@store/contract";
import { Col, Row, Table } from "react-bootstrap";
import { Link } from "react-router";
import { ScrollingTable } from "../../components/ScrollingTable";
import { useTranslation } from "../../i18n";
import { formatCount, formatMoney } from "../../lib/format";
import { NothingInRange } from "./NothingInRange";

/** The members report's own tables: new members by tier, and the top referrers by referrals and by their sales. */
export function MembersTables({ report }: { report: ReportAnswer<"members"> }) {
  const { t } = useTranslation();
  const referrers = (rows: ReportAnswer<"members">["top_by_referrals"], title: string) => (
    <Col xs={12} lg={6}>
      <h2 className="h6">{title}</h2>
      <ScrollingTable label={title}>
        <Table size="sm" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{t("reports.member")}</th>
              <th scope="col" className="text-end">
                {t("reports.newReferrals")}
              </th>
              <th scope="col" className="text-end">
                {t("reports.referralSales")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <NothingInRange columns={3} />}
            {rows.map((row) => (
              <tr key={row.user_id}>
                <td>
                  <Link to={`/walletStatement?uid=${row.user_id}`}>
                    {row.username || `#${row.user_id}`}
                  </Link>
                </td>
                <td className="text-end">{formatCount(row.new_referrals)}</td>
                <td className="text-end">{formatMoney(row.referral_sales)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
    </Col>
  );
  return (
    <>
      <h2 className="h6 mt-3">{t("reports.byTier")}</h2>
      <ScrollingTable label={t("reports.byTier")}>
        <Table size="sm" aria-label={t("reports.byTier")}>
          <thead>
            <tr>
              <th scope="col">{t("reports.tier")}</th>
              <th scope="col" className="text-end">
                {t("reports.newMembers")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.by_tier.map((tier) => (
              <tr key={tier.member_id}>
                <td>{tier.membership}</td>
                <td className="text-end">{formatCount(tier.new_members)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
      <Row className="g-3">
        {referrers(report.top_by_referrals, t("reports.topByReferrals"))}
        {referrers(report.top_by_sales, t("reports.topBySales"))}
      </Row>
    </>
  );
}
