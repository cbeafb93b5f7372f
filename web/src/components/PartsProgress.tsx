/**
 * How far a long job has gone, done of total, in Bootstrap 5.3's markup (the
 * role and values on the outer element), its words inside the bar: the books'
 * check on the dashboard and a job on /jobs.
 */
export function PartsProgress({
  done,
  total,
  said,
  minWidth,
  striped = false,
  className = "",
}: {
  done: number;
  total: number;
  /** The bar's words, also its accessible name. */
  said: string;
  minWidth: number;
  striped?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`progress ${className}`.trim()}
      style={{ minWidth, height: "1.25rem" }}
      role="progressbar"
      aria-label={said}
      aria-valuenow={done}
      aria-valuemin={0}
      aria-valuemax={total}
    >
      <div
        className={`progress-bar${striped ? " progress-bar-striped" : ""}`}
        style={{ width: `${(100 * Math.min(done, total)) / Math.max(total, 1)}%` }}
      >
        {said}
      </div>
    </div>
  );
}
