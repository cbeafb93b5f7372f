import type { CommissionPeriod, CommissionPeriodReport, RankChange } from "@store/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Table } from "react-bootstrap";
import { useMemberRanks, usePeriodRanks } from "../../api/commissions";
import { ScrollingTable } from "../../components";
import { translate } from "../../i18n/messages";
import { formatCount, formatDateTime, formatDecimal } from "../../lib/format";
import { periodName } from "./periodText";
import { type ColumnHead, EmptyRow, StatementLink, TableHead, WhenRead } from "./tables";
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
 * A card of tier changes under its heading (`id` names it): the table once
 * read, its rows by `row`, and what `empty` says when there are none.
 */
function RankTable({
  id,
  title,
  className,
  ranks,
  heads,
  empty,
  row,
}: {
  id: string;
  title: string;
  className: string;
  ranks: UseQueryResult<RankChange[]>;
  heads: ColumnHead[];
  empty: ReactNode;
  row: (change: RankChange) => ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="h6">
        {title}
      </h2>
      <WhenRead query={ranks}>
        {(changes) => (
          <ScrollingTable label={title}>
            <Table size="sm" className="mb-0" aria-label={title}>
              <TableHead heads={heads} />
              <tbody>
                {changes.map(row)}
                {changes.length === 0 && <EmptyRow columns={heads.length}>{empty}</EmptyRow>}
              </tbody>
            </Table>
          </ScrollingTable>
        )}
      </WhenRead>
    </section>
  );
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
  return (
    <RankTable
      id="rank-changes-title"
      title={translate("Rank changes")}
      className="card p-3"
      ranks={ranks}
      heads={[
        { text: translate("Member") },
        { text: translate("From") },
        { text: translate("To") },
        { text: translate("Personal PV"), figure: true },
        { text: translate("Group PV"), figure: true },
        { text: translate("Active legs"), figure: true },
        { text: translate("Applied") },
      ]}
      empty={
        period.status === "open"
          ? translate("The tier changes come with the period's calculation.")
          : translate("No member changes tier in this period.")
      }
      row={(r) => (
        <tr key={r.user_id}>
          <td>
            <StatementLink to={statement(r.user_id)} name={r.username} />
          </td>
          <td>{tierName(r.from_member)}</td>
          <td>{tierName(r.to_member)}</td>
          <td className="text-end">{formatDecimal(r.personal_pv)}</td>
          <td className="text-end">{formatDecimal(r.group_pv)}</td>
          <td className="text-end">{formatCount(r.active_legs)}</td>
          <td className="text-nowrap">{appliedText(r, period.status === "released")}</td>
        </tr>
      )}
    />
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
  const periodOf = (id: number) => periods.find((p) => p.period_id === id);
  return (
    <RankTable
      id="rank-history-title"
      title={translate("Rank history")}
      className="card p-3 mt-3"
      ranks={ranks}
      heads={[
        { text: translate("Period") },
        { text: translate("From") },
        { text: translate("To") },
        { text: translate("Applied") },
      ]}
      empty={translate("No tier changes at a period's close for this member yet.")}
      row={(r) => {
        const period = periodOf(r.period_id);
        return (
          <tr key={r.period_id}>
            <td className="text-nowrap">{period ? periodName(period) : `#${r.period_id}`}</td>
            <td>{tierName(r.from_member)}</td>
            <td>{tierName(r.to_member)}</td>
            <td className="text-nowrap">
              {appliedText(r, period ? period.status === "released" : undefined)}
            </td>
          </tr>
        );
      }}
    />
  );
}
