import { useTranslation } from "../../i18n";

/** Both static pages are starting points, not legal advice; they say so plainly. */
export function TemplateNotice() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning" role="note">
      <strong>{t("staticPages.templateTitle")}</strong> {t("staticPages.templateText")}
    </div>
  );
}

export function LastUpdated() {
  const { t } = useTranslation();
  return <p className="text-muted small">{t("staticPages.templateVersion")}</p>;
}
