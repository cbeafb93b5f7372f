/** Placeholder until this screen's issue fills it in. */
export default function LoginPage() {
  return <h1 className="h4">Login</h1>;
}
