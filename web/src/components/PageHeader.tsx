import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";

/** A screen's title, an optional back link and its actions. */
export function PageHeader({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <div className="d-flex align-items-center gap-2">
        {backTo && (
          <Link
            to={backTo}
            className="btn btn-link p-0 text-decoration-none"
            aria-label={t("common.back")}
          >
            {t("common.backLink")}
          </Link>
        )}
        <h1 className="h4 mb-0">{translate(title)}</h1>
      </div>
      {children && <div className="d-flex gap-2">{children}</div>}
    </div>
  );
}
