import { Card } from "react-bootstrap";
import { useStoreIdentity } from "../../api/settings";
import { PageHeader } from "../../components";
import { useTranslation } from "../../i18n";
import { LastUpdated, TemplateNotice } from "./TemplateNotice";

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** /terms: template terms of use for this store (RM prices, memberships, wallets, agencies). */
export default function TermsPage() {
  const { data } = useStoreIdentity();
  const { t } = useTranslation();
  const store = data?.store_name || t("staticPages.theStore");
  const contact = [store, data?.store_contact, data?.store_address].filter(Boolean).join(", ");
  return (
    <>
      <PageHeader title={t("staticPages.termsTitle")} />
      <Card body className="static-page" style={{ maxWidth: 900 }}>
        <TemplateNotice />
        <LastUpdated />
        {SECTIONS.map((n) => (
          <section key={n}>
            <h2 className="h5">{t(`staticPages.terms${n}Title`)}</h2>
            <p>{t(`staticPages.terms${n}`, { store, contact })}</p>
          </section>
        ))}
      </Card>
    </>
  );
}
