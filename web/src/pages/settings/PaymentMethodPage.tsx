import { Card } from "react-bootstrap";
import { Link } from "react-router";
import { PageHeader } from "../../components";

/**
 * /paymentMethod is an empty placeholder in docs/REQUIREMENTS.md; the payment gateway is
 * edited on the Payment Method tab of /settings, so this page points there.
 */
export default function PaymentMethodPage() {
  return (
    <>
      <PageHeader title="Payment Method" />
      <Card body>
        <p>The payment gateway (secret key, publish key, gateway URI) is set up in Settings.</p>
        <Link to="/settings?tab=payment" className="btn btn-primary">
          Open Payment Method settings
        </Link>
      </Card>
    </>
  );
}
