/** Placeholder until this screen's issue fills it in. */
export default function OrderList() {
  return <h1 className="h4">Orders</h1>;
}
