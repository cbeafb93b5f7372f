/** Placeholder until this screen's issue fills it in. */
export default function ProfilePage() {
  return <h1 className="h4">Profile</h1>;
}
