/** Placeholder until this screen's issue fills it in. */
export default function UserForm() {
  return <h1 className="h4">User form</h1>;
}
