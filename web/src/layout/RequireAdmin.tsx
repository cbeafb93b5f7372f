import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { isLoggedIn } from "../lib/session";

/** Screens behind the login: anyone without admin data goes to /login-back. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  if (!isLoggedIn()) return <Navigate to="/login-back" replace />;
  return children;
}
