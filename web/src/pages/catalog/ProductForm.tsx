/** Placeholder until this screen's issue fills it in. */
export default function ProductForm() {
  return <h1 className="h4">Product form</h1>;
}
