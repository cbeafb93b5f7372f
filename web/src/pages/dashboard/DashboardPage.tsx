/** Placeholder until this screen's issue fills it in. */
export default function DashboardPage() {
  return <h1 className="h4">Dashboard</h1>;
}
