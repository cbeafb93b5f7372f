import { Card } from "react-bootstrap";
import { useStoreIdentity } from "../../api/settings";
import { PageHeader } from "../../components";
import { useTranslation } from "../../i18n";
import { LastUpdated, TemplateNotice } from "./TemplateNotice";

export const MINIMUM_AGE = 18;

/** /privacy: a template privacy notice for this store, in the spirit of Malaysia's PDPA 2010. */
export default function PrivacyPage() {
  const { data } = useStoreIdentity();
  const { t } = useTranslation();
  const store = data?.store_name || t("staticPages.theStore");
  const contact = [store, data?.store_contact].filter(Boolean).join(", ");
  const values = { store, contact, age: MINIMUM_AGE };
  return (
    <>
      <PageHeader title={t("staticPages.privacyTitle")} />
      <Card body className="static-page" style={{ maxWidth: 900 }}>
        <TemplateNotice />
        <LastUpdated />
        <h2 className="h5">{t("staticPages.privacy1Title")}</h2>
        <p>{t("staticPages.privacy1", values)}</p>
        <h2 className="h5">{t("staticPages.privacy2Title")}</h2>
        <p>{t("staticPages.privacy2", values)}</p>
        <h2 className="h5">{t("staticPages.privacy3Title")}</h2>
        <ul>
          <li>{t("staticPages.privacy3Account")}</li>
          <li>{t("staticPages.privacy3Orders")}</li>
          <li>{t("staticPages.privacy3Membership")}</li>
          <li>{t("staticPages.privacy3Withdrawals")}</li>
        </ul>
        <p>{t("staticPages.privacy3Cards", values)}</p>
        <h2 className="h5">{t("staticPages.privacy4Title")}</h2>
        <p>{t("staticPages.privacy4")}</p>
        <h2 className="h5">{t("staticPages.privacy5Title")}</h2>
        <p>{t("staticPages.privacy5")}</p>
        <h2 className="h5">{t("staticPages.privacy6Title")}</h2>
        <p>{t("staticPages.privacy6")}</p>
        <h2 className="h5">{t("staticPages.privacy7Title")}</h2>
        <p>{t("staticPages.privacy7", values)}</p>
      </Card>
    </>
  );
}
