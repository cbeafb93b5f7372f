import { COMMISSION_PERIOD_STATUSES, type CommissionPeriod } from "@store/contract";
import { useCallback, useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import {
  awaitsSecondApproval,
  useApprovePeriod,
  useCommissionPeriods,
  useRefreshAfterRun,
  useStartPeriodRun,
} from "../../api/commissions";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  dateColumn,
  type ListFilter,
  PageHeader,
  reportStaleRow,
  showToast,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatCount, formatDate, formatMoney } from "../../lib/format";
import { useStoredAdmin } from "../../lib/permissions";
import { useMayDo } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { type PeriodRun, type RunEnd, RunProgress } from "./PeriodRun";
import { PERIOD_STATUS_STYLE, PeriodStatusBadge, percentText, periodName } from "./periodText";

/** The periods in one state (the list's `status` filter). */
const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "status",
    label: "Status",
    options: COMMISSION_PERIOD_STATUSES.map((s) => ({
      value: s,
      label: PERIOD_STATUS_STYLE[s].label,
    })),
  },
];

/** The two steps that move money, asked first with the period's total named. */
type Asked = { step: "approve" | "release"; period: CommissionPeriod };

/**
 * /commissionPeriods: the periods, newest first, each with its figures and
 * its next step for a person who may manage commissions: Calculate (again,
 * while not approved), Approve (two people above the second-approval amount)
 * and Release. A calculation or release is a job: its progress shows in the
 * row, and the list is asked again until it ends.
 */
export default function PeriodList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const [runs, setRuns] = useState<Record<number, PeriodRun>>({});
  const running = Object.keys(runs).length > 0;
  const query = useCommissionPeriods(list.params, running);
  const calculate = useStartPeriodRun("calculate");
  const release = useStartPeriodRun("release");
  const approve = useApprovePeriod();
  const refreshAfterRun = useRefreshAfterRun();
  const [asked, setAsked] = useState<Asked | null>(null);
  const mayManage = useMayDo("update");
  // The first approver's second Approve would be refused: not offered (as withdrawals).
  const me = useStoredAdmin()?.username;
  const report = (p: CommissionPeriod) => resource.link("report", p.period_id);

  const startRun = (step: PeriodRun["step"], period: CommissionPeriod) => {
    const call = step === "calculate" ? calculate : release;
    call.mutate(period, {
      onSuccess: (answer) =>
        setRuns((now) => ({ ...now, [period.period_id]: { step, ...answer } })),
      onError: (error) => reportStaleRow(error, periodName(period)),
    });
  };

  const onEnd = useCallback(
    (run: PeriodRun, end: RunEnd) => {
      setRuns(({ [run.period.period_id]: _ended, ...rest }) => rest);
      void refreshAfterRun();
      const period = periodName(run.period);
      if (end.failed)
        showToast(
          run.step === "calculate"
            ? translate("The calculation of {{period}} did not finish: {{error}}", {
                period,
                error: end.error,
              })
            : translate("The release of {{period}} did not finish: {{error}}", {
                period,
                error: end.error,
              }),
        );
      else
        showToast(
          run.step === "calculate"
            ? translate("{{period}} calculated.", { period })
            : translate("{{period}} released: its held commissions and PV are paid in.", {
                period,
              }),
          "success",
        );
    },
    [refreshAfterRun],
  );

  const onConfirm = () => {
    if (!asked) return;
    const { step, period } = asked;
    if (step === "release") {
      startRun("release", period);
      setAsked(null);
      return;
    }
    approve.mutate(period, {
      onSuccess: (answer) =>
        showToast(
          awaitsSecondApproval(answer)
            ? translate("First approval recorded; a second administrator must approve.")
            : translate("{{period}} approved.", { period: periodName(period) }),
          "success",
        ),
      onError: (error) => reportStaleRow(error, periodName(period)),
      onSettled: () => setAsked(null),
    });
  };

  const actions = (p: CommissionPeriod) => {
    const run = runs[p.period_id];
    if (run) return <RunProgress run={run} now={p} onEnd={onEnd} />;
    const name = periodName(p);
    const firstApprovedByMe = awaitsSecondApproval(p) && p.first_approved_by === me;
    return (
      <div className="d-flex gap-1 align-items-center">
        {(p.status === "open" || p.status === "calculated") && (
          <Button
            size="sm"
            variant={p.status === "open" ? "primary" : "outline-primary"}
            aria-label={
              p.status === "open"
                ? translate("Calculate {{period}}", { period: name })
                : translate("Recalculate {{period}}", { period: name })
            }
            disabled={calculate.isPending && calculate.variables?.period_id === p.period_id}
            onClick={() => startRun("calculate", p)}
          >
            {p.status === "open" ? translate("Calculate") : translate("Recalculate")}
          </Button>
        )}
        {p.status === "calculated" &&
          (firstApprovedByMe ? (
            <span className="small text-muted text-nowrap">
              {translate("Another person approves")}
            </span>
          ) : (
            <Button
              size="sm"
              variant="success"
              aria-label={translate("Approve {{name}}", { name })}
              onClick={() => setAsked({ step: "approve", period: p })}
            >
              {translate("Approve")}
            </Button>
          ))}
        {p.status === "approved" && (
          <Button
            size="sm"
            variant="warning"
            aria-label={translate("Release {{period}}", { period: name })}
            onClick={() => setAsked({ step: "release", period: p })}
          >
            {translate("Release")}
          </Button>
        )}
        {p.status === "released" && <span className="text-muted">{translate("No action")}</span>}
      </div>
    );
  };

  const columns: Column<CommissionPeriod>[] = [
    {
      header: "Starts",
      role: "key",
      sticky: "start",
      sort: "starts_on",
      cell: (p) => (
        <Link
          to={report(p)}
          aria-label={translate("Report of {{period}}", { period: periodName(p) })}
        >
          {formatDate(p.starts_on)}
        </Link>
      ),
      className: "text-nowrap",
    },
    dateColumn("Ends", "ends_on", formatDate),
    {
      header: "Status",
      role: "status",
      sort: "status",
      cell: (p) => <PeriodStatusBadge period={p} />,
    },
    countColumn("Orders", "orders"),
    countColumn("Members", "members"),
    {
      header: "Total",
      role: "money",
      sort: "total",
      cell: (p) => formatMoney(p.total),
      className: "text-end text-nowrap",
    },
    {
      header: "% of sales",
      field: "percent_of_sales",
      cell: (p) => percentText(p.percent_of_sales),
      className: "text-end",
    },
    {
      header: "Approved by",
      field: "approved_by",
      cell: (p) =>
        p.approved_by ??
        (p.first_approved_by ? (
          <span className="small text-muted text-nowrap">
            {translate("First approved by {{name}}", { name: p.first_approved_by })}
          </span>
        ) : (
          "-"
        )),
    },
    { header: "Actions", role: "actions", sticky: "end", cell: actions },
  ];

  const name = asked ? periodName(asked.period) : "";
  const total = asked ? formatMoney(asked.period.total) : "";
  return (
    <>
      <PageHeader title={translate("Commission Periods")}>
        <Link to={morePath(resource, "plan")} className="btn btn-outline-secondary">
          {translate("Commission Plan")}
        </Link>
        <Link to={morePath(resource, "statement")} className="btn btn-outline-secondary">
          {translate("Commission Statement")}
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable
          list={list}
          columns={mayManage ? columns : columns.filter((c) => c.role !== "actions")}
          page={query.data}
          loading={query.isLoading}
          query={query}
          rowKey={(p) => p.period_id}
          searchable={false}
          emptyText="No periods yet: the first opens with the first completed order under a plan."
        />
      </div>
      <ConfirmDialog
        show={asked !== null}
        title={asked?.step === "release" ? "Release period" : "Approve period"}
        confirmLabel={asked?.step === "release" ? "Release" : "Approve"}
        confirmVariant={asked?.step === "release" ? "warning" : "success"}
        busy={approve.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={onConfirm}
      >
        {asked?.step === "release"
          ? translate(
              "Release {{period}}? {{total}} held for {{members}} members is paid into their cash wallets; held PV goes to the members' PV.",
              { period: name, total, members: formatCount(asked.period.members) },
            )
          : translate(
              "Approve {{period}}: {{total}} to {{members}} members? Above the second-approval amount a second administrator must approve too.",
              { period: name, total, members: formatCount(asked?.period.members ?? 0) },
            )}
      </ConfirmDialog>
    </>
  );
}

/** A count of the period's (its orders, its members), sorted by that field. */
const countColumn = (header: string, field: "orders" | "members"): Column<CommissionPeriod> => ({
  header,
  sort: field,
  cell: (p) => formatCount(p[field]),
  className: "text-end",
});

/** Another screen of the resource, with nothing chosen on it yet. */
const morePath = (resource: ScreenProps["resource"], name: "plan" | "statement") =>
  resource.more?.[name]?.path ?? resource.list.path;
