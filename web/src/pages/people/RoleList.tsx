/** Placeholder until this screen's issue fills it in. */
export default function RoleList() {
  return <h1 className="h4">Roles</h1>;
}
