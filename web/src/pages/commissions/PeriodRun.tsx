import type { CommissionPeriod, Job } from "@store/contract";
import { useEffect, useRef } from "react";
import { Spinner } from "react-bootstrap";
import { useRunJob } from "../../api/commissions";
import { PartsProgress } from "../../components";
import { translate } from "../../i18n/messages";
import { useCan } from "../../lib/permissions";
import { errorText } from "../jobs/jobText";

/** A period's calculation or release under way: the period as it was asked, and its job. */
export interface PeriodRun {
  step: "calculate" | "release";
  period: CommissionPeriod;
  job: Job;
}

/** How a run ended: done, or the job's last error when it failed or was canceled. */
export type RunEnd = { failed: false } | { failed: true; error: string };

/**
 * The period has moved on from the run: the step's state reached (a
 * calculation stamped anew), or another state someone else brought it to.
 * How a person who may not view jobs sees the run end.
 */
function movedOn(run: PeriodRun, now: CommissionPeriod): boolean {
  if (run.step === "release") return now.status === "released";
  if (now.status === "approved" || now.status === "released") return true;
  return now.status === "calculated" && now.calculated_at !== run.period.calculated_at;
}

/**
 * The job's progress while it runs ("120 of 480"), and a word while it has
 * not said its size; says once when it ends, by its job (jobs:view) or by
 * the period as the list, asked again meanwhile, shows it.
 */
export function RunProgress({
  run,
  now,
  onEnd,
}: {
  run: PeriodRun;
  /** The period as the list shows it now. */
  now: CommissionPeriod | undefined;
  onEnd: (run: PeriodRun, end: RunEnd) => void;
}) {
  const mayViewJobs = useCan("jobs:view");
  const job = useRunJob(run.job.job_id, mayViewJobs).data ?? run.job;
  const ended = useRef(false);
  useEffect(() => {
    if (ended.current) return;
    const finished = job.status === "done" || job.status === "failed" || job.status === "canceled";
    if (finished || (now && movedOn(run, now))) {
      ended.current = true;
      onEnd(
        run,
        job.status === "failed" || job.status === "canceled"
          ? { failed: true, error: job.last_error ? errorText(job.last_error) : job.status }
          : { failed: false },
      );
    }
  }, [job, now, run, onEnd]);

  const { done, total } = job.progress;
  const doing = run.step === "calculate" ? translate("Calculating…") : translate("Releasing…");
  if (total <= 0)
    return (
      <output className="text-nowrap small d-inline-flex align-items-center gap-1">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {doing}
      </output>
    );
  return (
    <PartsProgress
      done={done}
      total={total}
      said={translate("{{doing}} {{done}} of {{total}}", { doing, done, total })}
      minWidth={160}
      striped
    />
  );
}
