/** Placeholder until this screen's issue fills it in. */
export default function ProductList() {
  return <h1 className="h4">Products</h1>;
}
