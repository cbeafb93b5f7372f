import { Link } from "react-router";
import { useStoreIdentity } from "../api/settings";
import { useTranslation } from "../i18n";
import { legal } from "../resources/account";

/** The copyright text from settings and the Terms and Privacy links. */
export function Footer() {
  const { data: settings } = useStoreIdentity();
  const { t } = useTranslation();
  return (
    <footer className="app-footer border-top bg-body px-3 py-2 d-flex flex-wrap gap-2 small d-print-none">
      <span className="text-muted">{settings?.copyright_text}</span>
      <nav aria-label={t("nav.footer")} className="ms-auto d-flex gap-3">
        <Link to={legal.list.path}>{t("nav.terms")}</Link>
        <Link to={legal.more?.privacy?.path ?? ""}>{t("nav.privacy")}</Link>
      </nav>
    </footer>
  );
}
