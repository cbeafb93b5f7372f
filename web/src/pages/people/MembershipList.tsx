/** Placeholder until this screen's issue fills it in. */
export default function MembershipList() {
  return <h1 className="h4">Memberships</h1>;
}
