/** Placeholder until this screen's issue fills it in. */
export default function AgencyList() {
  return <h1 className="h4">Agency</h1>;
}
