/** Placeholder until this screen's issue fills it in. */
export default function TermsPage() {
  return <h1 className="h4">Terms</h1>;
}
