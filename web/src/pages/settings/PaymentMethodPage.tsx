import { Card } from "react-bootstrap";
import { Link } from "react-router";
import { PageHeader } from "../../components";
import { translate } from "../../i18n/messages";
import type { ScreenProps } from "../../resources/define";

/**
 * /paymentMethod is an empty placeholder in docs/REQUIREMENTS.md section 2; the payment gateway is
 * edited on the Payment Method tab of /settings, so this page points there.
 */
export default function PaymentMethodPage({ resource }: ScreenProps) {
  return (
    <>
      <PageHeader title={translate("Payment Method")} />
      <Card body>
        <p>
          {translate(
            "The payment gateway (secret key, publish key, gateway URI) is set up in Settings.",
          )}
        </p>
        <Link to={`${resource.list.path}?tab=payment`} className="btn btn-primary">
          {translate("Open Payment Method settings")}
        </Link>
      </Card>
    </>
  );
}
