import { Card } from "react-bootstrap";
import { useSettings } from "../../api/settings";
import { PageHeader } from "../../components";
import { LastUpdated, TemplateNotice } from "./TemplateNotice";

export const MINIMUM_AGE = 18;

/** /privacy: a template privacy notice for this store, in the spirit of Malaysia's PDPA 2010. */
export default function PrivacyPage() {
  const { data } = useSettings();
  const store = data?.store_name || "the Store";
  return (
    <>
      <PageHeader title="Privacy Policy" />
      <Card body className="static-page" style={{ maxWidth: 900 }}>
        <TemplateNotice />
        <LastUpdated />
        <h2 className="h5">1. Who we are</h2>
        <p>
          {store} sells goods online in Malaysia. This notice explains what personal data we keep
          about customers, members and agency store owners, and why.
        </p>
        <h2 className="h5">2. Age</h2>
        <p>
          You must be {MINIMUM_AGE} years of age or older to create an account or buy from {store}.
          We do not knowingly collect personal data from anyone under {MINIMUM_AGE}; if we learn
          that we have, we delete it.
        </p>
        <h2 className="h5">3. What we collect</h2>
        <ul>
          <li>Account details: username, name, e-mail, phone number, gender and date of birth.</li>
          <li>Orders: delivery addresses, recipients, items, amounts and coupons used.</li>
          <li>Membership: points (PV), tier, referrals and wallet balances.</li>
          <li>Withdrawals: the bank name and account number you give for payouts.</li>
        </ul>
        <p>
          Card details are handled by our payment gateway and never stored by {store}. If you sign
          in with Google or Facebook, we receive only your name and e-mail from that provider.
        </p>
        <h2 className="h5">4. Why we use it</h2>
        <p>
          To fulfil orders, run memberships and referrals, pay withdrawals, prevent fraud, meet
          legal duties and, with your consent, send offers you may opt out of at any time.
        </p>
        <h2 className="h5">5. Who sees it</h2>
        <p>
          Our staff who need it, couriers (for delivery), the payment gateway and, where the law
          requires, the authorities. We do not sell personal data.
        </p>
        <h2 className="h5">6. How long we keep it</h2>
        <p>
          For as long as your account is open and afterwards only as long as tax and accounting law
          requires.
        </p>
        <h2 className="h5">7. Your rights</h2>
        <p>
          Under the Personal Data Protection Act 2010 you may ask to see and correct your data, and
          withdraw consent to marketing. Contact us at {store}
          {data?.store_contact ? `, ${data.store_contact}` : ""}.
        </p>
      </Card>
    </>
  );
}
