import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { api, setUnauthorizedHandler } from "../api/client";
import { refreshStoredAdmin } from "../lib/permissions";
import { clearLogin, isLoggedIn, readAdmin, SESSION_CHECK_INTERVAL_MS } from "../lib/session";

/** Pages that need no login: the login itself and the not-found page. */
const PUBLIC_PATHS = new Set(["/login-back", "/404"]);

/**
 * The session rules of docs/REQUIREMENTS.md section 4 in the browser: a check at start and every 60
 * seconds ends an expired login, and a 401 from the server (its session is
 * gone) ends the browser's login too. Either way the admin lands on /login-back.
 * A live login asks GET /api/me at each check (the first when the app opens),
 * so a change of the person's groups shows without logging in again.
 */
export function useSessionWatch(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The latest navigate, without re-arming the timer on every route change.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const toLogin = () => {
      queryClient.clear();
      if (!PUBLIC_PATHS.has(window.location.pathname)) {
        navigateRef.current("/login-back", { replace: true });
      }
    };
    setUnauthorizedHandler(() => {
      clearLogin();
      toLogin();
    });
    const check = () => {
      if (isLoggedIn()) {
        void refreshStoredAdmin();
        return;
      }
      if (readAdmin()) {
        clearLogin();
        // End the server's session too; the browser's login has expired.
        void api.post("logoutAdmin").catch(() => undefined);
      }
      toLogin();
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      setUnauthorizedHandler(() => {});
    };
  }, [queryClient]);
}
