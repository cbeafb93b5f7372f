/** Placeholder until this screen's issue fills it in. */
export default function ProductDetails() {
  return <h1 className="h4">Product preview</h1>;
}
