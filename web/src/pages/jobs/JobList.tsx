import { JOB_STATUSES, type Job, type JobSchedule, type JobStatus } from "@store/contract";
import { useState } from "react";
import { Badge, Button, Table } from "react-bootstrap";
import { useCancelJob, useJobSchedules, useJobs, useRetryJob } from "../../api/jobs";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  type ListFilter,
  LoadingDots,
  PageHeader,
  PartsProgress,
  ScrollingTable,
  showToast,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import { errorText, JOB_KINDS, JOB_STATUS_STYLE, jobKindName, keyText, whenText } from "./jobText";

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "status",
    label: "Status",
    options: JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_STYLE[s].label })),
  },
  {
    kind: "choice",
    name: "kind",
    label: "Kind",
    options: Object.entries(JOB_KINDS).map(([value, label]) => ({ value, label })),
  },
];

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const style = JOB_STATUS_STYLE[status];
  return (
    <Badge bg={style.bg} text={style.text} className={style.className}>
      {translate(style.label)}
    </Badge>
  );
}

/** A schedule's kind in the chosen language, with the server's name of it under a known one (as the logs say it). */
function ScheduleName({ kind }: { kind: string }) {
  const name = jobKindName(kind);
  return (
    <>
      {name}
      {name !== kind && <div className="small text-body-secondary font-monospace">{kind}</div>}
    </>
  );
}

/** How far a long job has gone: a bar with "done of total", once it has said its total. */
function JobProgress({ job }: { job: Job }) {
  const { done, total } = job.progress;
  if (total <= 0) return <span className="text-body-secondary">-</span>;
  const said = translate("{{done}} of {{total}}", { done, total });
  return (
    <PartsProgress
      done={done}
      total={total}
      said={said}
      minWidth={96}
      striped={job.status === "running"}
    />
  );
}

const NO_SCHEDULES: JobSchedule[] = [];

/** The work on a clock (GET /api/jobSchedules): when each runs next and how its latest tick went. */
function Schedules() {
  const { data, isLoading } = useJobSchedules();
  const rows: JobSchedule[] = data ?? NO_SCHEDULES;
  return (
    <section className="card p-3 mt-3" aria-labelledby="job-schedules-title">
      <h2 id="job-schedules-title" className="h5">
        {translate("Schedules")}
      </h2>
      {isLoading ? (
        <LoadingDots />
      ) : (
        <ScrollingTable label={translate("Schedules")}>
          <Table size="sm" className="mb-0 align-middle" data-testid="job-schedules">
            <thead>
              <tr>
                <th scope="col">{translate("Name")}</th>
                <th scope="col">{translate("When")}</th>
                <th scope="col">{translate("Time zone")}</th>
                <th scope="col">{translate("Next run")}</th>
                <th scope="col">{translate("Last run")}</th>
                <th scope="col">{translate("Last outcome")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => {
                const when = whenText(s.cron);
                return (
                  <tr key={s.name}>
                    <td>
                      <ScheduleName kind={s.name} />
                    </td>
                    <td>
                      {when}
                      {when !== s.cron && !s.cron.startsWith("every ") && (
                        <div className="small text-body-secondary font-monospace">{s.cron}</div>
                      )}
                    </td>
                    <td className="text-nowrap">{s.time_zone}</td>
                    <td className="text-nowrap">{formatDateTime(s.next_run_at)}</td>
                    <td className="text-nowrap">{formatDateTime(s.last_run_at)}</td>
                    <td>
                      {s.last_status ? (
                        <JobStatusBadge status={s.last_status} />
                      ) : (
                        <span className="text-body-secondary">{translate("Not run yet")}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={6} className="text-body-secondary">
                    {translate("No schedules on this server.")}
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
 * /jobs: the work that runs on its own (docs/decisions/jobs.md), newest
 * first, asked again every two seconds while one waits or runs; a failed job
 * can be retried and a queued one canceled by a person who may manage jobs.
 * The schedules under it.
 */
export default function JobList() {
  const list = useListState({ filters });
  const query = useJobs(list.params);
  const { data, isLoading } = query;
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const [canceling, setCanceling] = useState<Job | null>(null);
  const mayManage = useMayDo("update");
  // The store's zone, which a schedule's tick (a job's key) is read in.
  const timeZone = useJobSchedules().data?.[0]?.time_zone;

  const columns: Column<Job>[] = [
    {
      header: "ID",
      role: "key",
      cell: (j) => j.job_id,
      sort: "job_id",
      sticky: "start",
    },
    { header: "Kind", cell: (j) => jobKindName(j.kind), sort: "kind" },
    {
      header: "Key",
      cell: (j) => {
        const text = keyText(j.key, timeZone);
        return text === j.key ? (
          <span className="small font-monospace text-break">{j.key}</span>
        ) : (
          <span className="small" title={j.key}>
            {text}
          </span>
        );
      },
      sort: "key",
      // A schedule's tick is about its Due time; other keys name the one effect, for the search.
      optional: true,
    },
    {
      header: "Status",
      role: "status",
      cell: (j) => <JobStatusBadge status={j.status} />,
      sort: "status",
    },
    {
      header: "Tries",
      cell: (j) => `${j.tries} / ${j.max_tries}`,
      className: "text-nowrap",
      sort: "tries",
      exportFields: ["tries", "max_tries"],
    },
    {
      header: "Due",
      cell: (j) => formatDateTime(j.run_at),
      sort: "run_at",
    },
    {
      header: "Started",
      cell: (j) => formatDateTime(j.started_at),
      sort: "started_at",
    },
    {
      header: "Finished",
      cell: (j) => formatDateTime(j.finished_at),
      sort: "finished_at",
    },
    { header: "Progress", cell: (j) => <JobProgress job={j} />, field: "progress" },
    {
      header: "Last error",
      field: "last_error",
      cell: (j) =>
        j.last_error ? (
          <div className="small text-break" style={{ minWidth: "14rem", whiteSpace: "pre-wrap" }}>
            {errorText(j.last_error)}
          </div>
        ) : (
          <span className="text-body-secondary">-</span>
        ),
    },
    {
      header: "Actions",
      role: "actions",
      sticky: "end",
      cell: (j) =>
        j.status === "failed" ? (
          <Button
            size="sm"
            variant="primary"
            aria-label={translate("Retry job #{{id}}", { id: j.job_id })}
            disabled={retry.isPending && retry.variables?.job_id === j.job_id}
            onClick={() =>
              retry.mutate(j, {
                onSuccess: () =>
                  showToast(
                    translate("Job #{{id}} ({{kind}}) is queued again.", {
                      id: j.job_id,
                      kind: jobKindName(j.kind),
                    }),
                    "success",
                  ),
              })
            }
          >
            {translate("Retry")}
          </Button>
        ) : j.status === "queued" ? (
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={translate("Cancel job #{{id}}", { id: j.job_id })}
            onClick={() => setCanceling(j)}
          >
            {translate("Cancel")}
          </Button>
        ) : (
          <span className="text-body-secondary">{translate("No action")}</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={translate("Jobs")} />
      <div className="card p-3">
        <DataTable
          list={list}
          columns={mayManage ? columns : columns.filter((c) => c.role !== "actions")}
          page={data}
          loading={isLoading}
          query={query}
          rowKey={(j) => j.job_id}
          exportFrom="jobs"
          emptyText={list.q || list.filtered ? undefined : "No jobs yet."}
        />
      </div>
      <Schedules />
      <ConfirmDialog
        show={canceling !== null}
        title="Cancel job"
        confirmLabel="Cancel job"
        busy={cancel.isPending}
        onCancel={() => setCanceling(null)}
        onConfirm={() => {
          if (!canceling) return;
          const job = canceling;
          cancel.mutate(job, {
            onSuccess: () =>
              showToast(
                translate("Job #{{id}} ({{kind}}) canceled.", {
                  id: job.job_id,
                  kind: jobKindName(job.kind),
                }),
                "success",
              ),
            onSettled: () => setCanceling(null),
          });
        }}
      >
        {translate("Cancel job #{{id}} ({{kind}})? It will not run.", {
          id: canceling?.job_id ?? "",
          kind: canceling ? jobKindName(canceling.kind) : "",
        })}
      </ConfirmDialog>
    </>
  );
}
