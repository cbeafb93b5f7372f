import { Card } from "react-bootstrap";
import { useSettings } from "../../api/settings";
import { PageHeader } from "../../components";
import { LastUpdated, TemplateNotice } from "./TemplateNotice";

/** /terms: template terms of use for this store (RM prices, memberships, wallets, agencies). */
export default function TermsPage() {
  const { data } = useSettings();
  const store = data?.store_name || "the Store";
  return (
    <>
      <PageHeader title="Terms and Conditions" />
      <Card body className="static-page" style={{ maxWidth: 900 }}>
        <TemplateNotice />
        <LastUpdated />
        <h2 className="h5">1. About these terms</h2>
        <p>
          These terms apply to every purchase from {store} and to every account, membership, wallet
          and agency store held with {store}. By creating an account or placing an order you accept
          them.
        </p>
        <h2 className="h5">2. Accounts</h2>
        <p>
          You must give accurate details and keep your password secret. You are responsible for what
          is done with your account. We may suspend an account that breaks these terms.
        </p>
        <h2 className="h5">3. Prices and payment</h2>
        <p>
          Prices are in Malaysian ringgit (RM) and include any tax stated at checkout. An order is
          accepted when payment is confirmed by our payment gateway. Shipping fees are shown before
          you pay.
        </p>
        <h2 className="h5">4. Coupons</h2>
        <p>
          A coupon may be used only before its expiry date, once per order, and may carry a cap on
          the discount. Coupons have no cash value.
        </p>
        <h2 className="h5">5. Memberships, points and referrals</h2>
        <p>
          Members earn points (PV) on purchases at the rate of their membership tier. A tier may
          rise when its published requirement (points or direct referrals) is met. Referral credit
          is given only for genuine customers; we may reverse credit obtained by abuse.
        </p>
        <h2 className="h5">6. Wallets and withdrawals</h2>
        <p>
          Wallet and cash wallet balances are kept in RM. A withdrawal request from the cash wallet
          is reviewed before it is paid to the bank account you name; we may reject a request that
          cannot be verified. Balances earn no interest.
        </p>
        <h2 className="h5">7. Delivery, returns and refunds</h2>
        <p>
          We ship to the address given with the order and provide a tracking number when one is
          available. Faulty or wrong items may be returned under our returns procedure; refunds go
          back to the original payment method or the wallet.
        </p>
        <h2 className="h5">8. Agency stores</h2>
        <p>
          An agency store operates under a separate agreement with {store} until its expiry date.
          These terms apply to agency stores where that agreement is silent.
        </p>
        <h2 className="h5">9. Liability and law</h2>
        <p>
          Nothing in these terms limits rights you have under Malaysian consumer law. These terms
          are governed by the laws of Malaysia.
        </p>
        <h2 className="h5">10. Contact</h2>
        <p>
          Questions about these terms: {store}
          {data?.store_contact ? `, ${data.store_contact}` : ""}
          {data?.store_address ? `, ${data.store_address}` : ""}.
        </p>
      </Card>
    </>
  );
}
