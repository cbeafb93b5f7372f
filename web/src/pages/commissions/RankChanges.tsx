import type { CommissionPeriod, CommissionPeriodReport, RankChange } from "@store/contract";
import { Table } from "react-bootstrap";
import { Link } from "react-router";
import { useMemberRanks, usePeriodRanks } from "../../api/commissions";
import { ScrollingTable, TableSkeleton } from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatCount, formatDateTime, formatDecimal } from "../../lib/format";
import { periodName } from "./periodText";
import { useTierName } from "./tiers";

/**
 * When a change was applied: its time; while its period is not released, at
 * the release; a released period's change not applied: the member's tier had
 * changed meanwhile (the release moves only a member still on the tier it
 * was found on).
 */
function appliedText(change: RankChange, released: boolean | undefined): string {
  if (change.applied_at) return formatDateTime(change.applied_at);
  if (released) return translate("Not applied: the member's tier had changed");
  return translate("At the release");
}

/**
 * The report's tier changes: who moves from which tier to which at the
 * period's close, on what figures (own PV, group PV, active legs), and when
 * the release applied it. Each member to their statement of the period.
 */
export function PeriodRankChanges({
  period,
  tiers,
  statement,
}: {
  period: CommissionPeriod;
  /** The tiers the report names: their names where the memberships cannot be read. */
  tiers: CommissionPeriodReport["tiers"];
  statement: (userId: number) => string;
}) {
  const ranks = usePeriodRanks(period.period_id);
  const tierName = useTierName(tiers);
  const title = translate("Rank changes");
  return (
    <section className="card p-3" aria-labelledby="rank-changes-title">
      <h2 id="rank-changes-title" className="h6">
        {title}
      </h2>
      {ranks.error ? (
        <p className="mb-0" role="alert">
          {errorText(ranks.error)}
        </p>
      ) : !ranks.data ? (
        <TableSkeleton rows={2} />
      ) : (
        <ScrollingTable label={title}>
          <Table size="sm" className="mb-0" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{translate("Member")}</th>
                <th scope="col">{translate("From")}</th>
                <th scope="col">{translate("To")}</th>
                <th scope="col" className="text-end">
                  {translate("Personal PV")}
                </th>
                <th scope="col" className="text-end">
                  {translate("Group PV")}
                </th>
                <th scope="col" className="text-end">
                  {translate("Active legs")}
                </th>
                <th scope="col">{translate("Applied")}</th>
              </tr>
            </thead>
            <tbody>
              {ranks.data.map((r) => (
                <tr key={r.user_id}>
                  <td>
                    <Link
                      to={statement(r.user_id)}
                      aria-label={translate("Commission statement of {{name}}", {
                        name: r.username,
                      })}
                    >
                      {r.username}
                    </Link>
                  </td>
                  <td>{tierName(r.from_member)}</td>
                  <td>{tierName(r.to_member)}</td>
                  <td className="text-end">{formatDecimal(r.personal_pv)}</td>
                  <td className="text-end">{formatDecimal(r.group_pv)}</td>
                  <td className="text-end">{formatCount(r.active_legs)}</td>
                  <td className="text-nowrap">{appliedText(r, period.status === "released")}</td>
                </tr>
              ))}
              {ranks.data.length === 0 && (
                <tr>
                  <td colSpan={7} className="text-muted">
                    {period.status === "open"
                      ? translate("The tier changes come with the period's calculation.")
                      : translate("No member changes tier in this period.")}
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
        </ScrollingTable>
      )}
    </section>
  );
}

/**
 * A member's rank history on their statement: each tier change at a
 * period's close, newest first, and when its release applied it.
 */
export function RankHistory({
  userId,
  periods,
}: {
  userId: number;
  /** The periods the screen has read, to name a change's period by its days. */
  periods: readonly CommissionPeriod[];
}) {
  const ranks = useMemberRanks(userId);
  const tierName = useTierName();
  const title = translate("Rank history");
  const periodOf = (id: number) => periods.find((p) => p.period_id === id);
  return (
    <section className="card p-3 mt-3" aria-labelledby="rank-history-title">
      <h2 id="rank-history-title" className="h6">
        {title}
      </h2>
      {ranks.error ? (
        <p className="mb-0" role="alert">
          {errorText(ranks.error)}
        </p>
      ) : !ranks.data ? (
        <TableSkeleton rows={2} />
      ) : (
        <ScrollingTable label={title}>
          <Table size="sm" className="mb-0" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">{translate("Period")}</th>
                <th scope="col">{translate("From")}</th>
                <th scope="col">{translate("To")}</th>
                <th scope="col">{translate("Applied")}</th>
              </tr>
            </thead>
            <tbody>
              {ranks.data.map((r) => {
                const period = periodOf(r.period_id);
                return (
                  <tr key={r.period_id}>
                    <td className="text-nowrap">
                      {period ? periodName(period) : `#${r.period_id}`}
                    </td>
                    <td>{tierName(r.from_member)}</td>
                    <td>{tierName(r.to_member)}</td>
                    <td className="text-nowrap">
                      {appliedText(r, period ? period.status === "released" : undefined)}
                    </td>
                  </tr>
                );
              })}
              {ranks.data.length === 0 && (
                <tr>
                  <td colSpan={4} className="text-muted">
                    {translate("No tier changes at a period's close for this member yet.")}
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
        </ScrollingTable>
      )}
    </section>
  );
}
