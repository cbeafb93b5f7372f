/** Placeholder until this screen's issue fills it in. */
export default function OrderForm() {
  return <h1 className="h4">Edit order</h1>;
}
