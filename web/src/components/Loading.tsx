import { useTranslation } from "../i18n";

/** The three-dot loading row of the lists. */
export function LoadingDots() {
  const { t } = useTranslation();
  return (
    <output className="d-inline-flex gap-1" aria-label={t("common.loading")}>
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
  const { t } = useTranslation();
  return (
    <output className="row g-3 d-flex" aria-label={t("common.loading")}>
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
  const { t } = useTranslation();
  return (
    <output className="card placeholder-glow p-3 d-block" aria-label={t("common.loading")}>
      {[8, 6, 10, 4].map((w, i) => (
        <span key={i} className={`placeholder col-${w} mb-3`} style={{ height: 32 }} />
      ))}
    </output>
  );
}

/** Placeholder lines while a table or panel loads. */
export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <output className="placeholder-glow d-block" aria-label={t("common.loading")}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="placeholder col-12 mb-2" style={{ height: 24 }} />
      ))}
    </output>
  );
}
