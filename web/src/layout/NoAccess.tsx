import { Link } from "react-router";
import { useTranslation } from "../i18n";
import { dashboard } from "../resources/dashboard";

/**
 * What a screen shows to a person whose groups do not let them view it (an
 * address typed by hand, an old bookmark): a plain word and the way back,
 * never a form that would fail on every call (docs/decisions/permissions-on-screen.md).
 */
export function NoAccess() {
  const { t } = useTranslation();
  return (
    <section className="card p-4" style={{ maxWidth: 640 }} data-testid="no-access">
      <h1 className="h4">{t("noAccess.title")}</h1>
      <p>{t("noAccess.text")}</p>
      <p className="mb-0">
        <Link to={dashboard.list.path} className="btn btn-primary">
          {t("noAccess.back")}
        </Link>
      </p>
    </section>
  );
}
