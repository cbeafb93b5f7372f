/** Placeholder until this screen's issue fills it in. */
export default function AgencyForm() {
  return <h1 className="h4">Agency form</h1>;
}
