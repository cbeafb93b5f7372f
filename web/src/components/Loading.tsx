/** The three-dot loading row of the lists. */
export function LoadingDots() {
  return (
    <output className="d-inline-flex gap-1" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="spinner-grow spinner-grow-sm text-secondary"
          style={{ animationDelay: `${i * 0.15}s` }}
        />
      ))}
    </output>
  );
}

/** Placeholder cards while a grid of cards loads. */
export function CardSkeleton({ count = 6 }: { count?: number }) {
  return (
    <output className="row g-3 d-flex" aria-label="Loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="col-12 col-sm-6 col-lg-4 col-xl-3">
          <div className="card placeholder-glow h-100" data-testid="skeleton">
            <div className="placeholder w-100" style={{ height: 160 }} />
            <div className="card-body">
              <span className="placeholder col-8 mb-2" />
              <span className="placeholder col-5 mb-2" />
              <span className="placeholder col-6" />
            </div>
          </div>
        </div>
      ))}
    </output>
  );
}

/** Placeholder rows while a form's record loads. */
export function FormSkeleton() {
  return (
    <output className="card placeholder-glow p-3 d-block" aria-label="Loading">
      {[8, 6, 10, 4].map((w, i) => (
        <span key={i} className={`placeholder col-${w} mb-3`} style={{ height: 32 }} />
      ))}
    </output>
  );
}

/** Placeholder lines while a table or panel loads. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <output className="placeholder-glow d-block" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="placeholder col-12 mb-2" style={{ height: 24 }} />
      ))}
    </output>
  );
}
