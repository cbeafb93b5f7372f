/** Placeholder until this screen's issue fills it in. */
export default function MembershipForm() {
  return <h1 className="h4">Membership form</h1>;
}
