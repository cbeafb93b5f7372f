import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { api, setEnrolmentRequiredHandler, setUnauthorizedHandler } from "../api/client";
import { refreshStoredAdmin } from "../lib/permissions";
import {
  clearLogin,
  isLoggedIn,
  readAdmin,
  SESSION_CHECK_INTERVAL_MS,
  updateStoredAdmin,
} from "../lib/session";
import { account } from "../resources/account";

/** Pages that need no login: the login, its password reset pages and the not-found page. */
const PUBLIC_PATHS = new Set(["/login-back", "/forgot-password", "/reset-password", "/404"]);
/** The signed-in person's own profile, where two-step login is set up. */
const PROFILE_PATH = account.list.path;

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
    // The store requires two-step login of this person first: their profile is where they set it up.
    setEnrolmentRequiredHandler(() => {
      updateStoredAdmin({ totp_enrolment_required: true });
      if (window.location.pathname !== PROFILE_PATH) navigateRef.current(PROFILE_PATH);
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
      setEnrolmentRequiredHandler(() => {});
    };
  }, [queryClient]);
}
