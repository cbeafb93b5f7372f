/** Placeholder until this screen's issue fills it in. */
export default function NotFoundPage() {
  return <h1 className="h4">Not found</h1>;
}
