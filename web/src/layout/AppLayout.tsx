import { Outlet } from "react-router";

/** Placeholder shell; the foundation's layout work replaces it. */
export function AppLayout() {
  return (
    <main className="p-3">
      <Outlet />
    </main>
  );
}
