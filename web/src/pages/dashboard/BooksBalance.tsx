import type { DashboardSummary } from "@store/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Button } from "react-bootstrap";
import { dashboardKeys } from "../../api/dashboard";
import { useReconcileRun, useStartReconcile } from "../../api/ledger";
import { PartsProgress } from "../../components";
import { useTranslation } from "../../i18n";
import { formatDateTime } from "../../lib/format";

type Books = NonNullable<DashboardSummary["books_balance"]>;

/**
 * Whether the books balanced at the last reconcile run (a job: every
 * balance and order against the ledger, docs/decisions/jobs.md), and a
 * check asked for now, with its progress while it runs.
 */
export function BooksBalance({ books }: { books: Books | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: run } = useReconcileRun();
  const start = useStartReconcile();
  const running = run?.status === "queued" || run?.status === "running";
  // A run done since the summary was read: read it again.
  useEffect(() => {
    if (run?.status === "done" && run.job_id !== books?.job_id)
      void client.invalidateQueries({ queryKey: dashboardKeys.summary });
  }, [run?.status, run?.job_id, books?.job_id, client]);

  const at = books ? formatDateTime(books.checked_at) : "";
  const said = !books
    ? t("dashboard.booksUnchecked")
    : books.mismatches === 0
      ? t("dashboard.booksBalanced", { at })
      : t("dashboard.booksMismatch", { count: books.mismatches, at });
  const mismatched = Boolean(books && books.mismatches > 0);
  const checking = run
    ? t("dashboard.booksChecking", { done: run.progress.done, total: run.progress.total })
    : "";
  return (
    // An alert only when the books disagree; otherwise a plain line.
    <div
      id="books-balance"
      role={mismatched ? "alert" : undefined}
      className={`alert alert-${mismatched ? "warning" : "light"} d-flex flex-wrap align-items-center gap-2 py-2`}
    >
      <span className="me-auto">{said}</span>
      {running && run ? (
        <PartsProgress
          done={run.progress.done}
          total={run.progress.total}
          said={checking}
          minWidth={160}
          className="flex-grow-1"
        />
      ) : (
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          {t("dashboard.booksCheck")}
        </Button>
      )}
    </div>
  );
}
