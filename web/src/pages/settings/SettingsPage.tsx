import { Card, Tab, Tabs } from "react-bootstrap";
import { useSearchParams } from "react-router";
import { useSettings } from "../../api/settings";
import { FormSkeleton, PageHeader } from "../../components";
import { translate } from "../../i18n/messages";
import { EinvoiceTab } from "./EinvoiceTab";
import { GeneralTab } from "./GeneralTab";
import { PaymentMethodTab } from "./PaymentMethodTab";
import { ShippingMethodTab } from "./ShippingMethodTab";
import { SocialLoginTab } from "./SocialLoginTab";

/** The tabs, by their ?tab= value (so /paymentMethod can link straight to one). */
export const SETTINGS_TABS = {
  general: "General",
  social: "Social Login",
  payment: "Payment Method",
  shipping: "Shipping Method",
  einvoices: "E-invoices",
} as const;
type TabKey = keyof typeof SETTINGS_TABS;
const isTab = (value: string | null): value is TabKey => !!value && value in SETTINGS_TABS;

/** /settings: General, Social Login, Payment Method, Shipping Method and E-invoices. */
export default function SettingsPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get("tab");
  const active: TabKey = isTab(requested) ? requested : "general";
  const settings = useSettings();

  return (
    <>
      <PageHeader title={translate("Settings")} />
      <Card>
        <Card.Body>
          <Tabs
            id="settings-tabs"
            activeKey={active}
            onSelect={(key) => {
              if (isTab(key)) setSearch(key === "general" ? {} : { tab: key }, { replace: true });
            }}
            className="mb-3"
            mountOnEnter
          >
            <Tab eventKey="general" title={translate(SETTINGS_TABS.general)}>
              {settings.data ? <GeneralTab settings={settings.data} /> : <FormSkeleton />}
            </Tab>
            <Tab eventKey="social" title={translate(SETTINGS_TABS.social)}>
              <SocialLoginTab />
            </Tab>
            <Tab eventKey="payment" title={translate(SETTINGS_TABS.payment)}>
              <PaymentMethodTab />
            </Tab>
            <Tab eventKey="shipping" title={translate(SETTINGS_TABS.shipping)}>
              <ShippingMethodTab />
            </Tab>
            <Tab eventKey="einvoices" title={translate(SETTINGS_TABS.einvoices)}>
              {settings.data ? <EinvoiceTab settings={settings.data} /> : <FormSkeleton />}
            </Tab>
          </Tabs>
        </Card.Body>
      </Card>
    </>
  );
}
