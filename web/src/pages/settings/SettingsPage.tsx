/** Placeholder until this screen's issue fills it in. */
export default function SettingsPage() {
  return <h1 className="h4">Settings</h1>;
}
