/** Placeholder until this screen's issue fills it in. */
export default function BrandForm() {
  return <h1 className="h4">Brand form</h1>;
}
