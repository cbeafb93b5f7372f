import { useEffect } from "react";
import { useLocation } from "react-router";
import { useStoreIdentity } from "../api/settings";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";
import { useCan } from "../lib/permissions";
import { isLoggedIn } from "../lib/session";
import { appRoutes } from "../routes";

/** The screen's own name, then the store's: "Orders · My Store" (docs/decisions/accessibility.md). */
export const TITLE_SEPARATOR = " · ";

/**
 * The document title of every screen, set in one place from the route table
 * (web/src/routes.tsx `title`) so a screen reader and the browser's tabs name
 * the screen (WCAG 2.4.2). Called once by App; in the chosen language.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const route = appRoutes.find((r) => r.path === pathname);
  // A screen the person may not view says so (layout/NoAccess.tsx), in the title too.
  const mayView = useCan(route?.permission);
  // Settings need a session: the login and 404 pages never ask for them.
  const { data: settings } = useStoreIdentity({ enabled: route !== undefined && isLoggedIn() });
  const screen =
    pathname === "/login-back"
      ? t("login.title")
      : pathname === "/404"
        ? t("notFound.title")
        : route && (mayView ? translate(route.title) : t("noAccess.title"));
  const store = (route && settings?.store_name?.trim()) || t("nav.storeAdmin");
  const title = screen ? `${screen}${TITLE_SEPARATOR}${store}` : store;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
