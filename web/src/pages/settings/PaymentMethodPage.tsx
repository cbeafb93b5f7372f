/** Placeholder until this screen's issue fills it in. */
export default function PaymentMethodPage() {
  return <h1 className="h4">Payment method</h1>;
}
