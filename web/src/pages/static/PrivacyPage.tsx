/** Placeholder until this screen's issue fills it in. */
export default function PrivacyPage() {
  return <h1 className="h4">Privacy</h1>;
}
