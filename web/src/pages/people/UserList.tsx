/** Placeholder until this screen's issue fills it in. */
export default function UserList() {
  return <h1 className="h4">Users</h1>;
}
