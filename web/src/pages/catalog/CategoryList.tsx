/** Placeholder until this screen's issue fills it in. */
export default function CategoryList() {
  return <h1 className="h4">Categories</h1>;
}
