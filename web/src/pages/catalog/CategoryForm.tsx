/** Placeholder until this screen's issue fills it in. */
export default function CategoryForm() {
  return <h1 className="h4">Category form</h1>;
}
