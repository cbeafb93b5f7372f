import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { api } from "../api/client";
import { useTranslation } from "../i18n";
import { clearLogin, readAdmin } from "../lib/session";
import { account } from "../resources/account";
import { Icon } from "./icons";
import { LanguageMenu } from "./LanguageMenu";
import { MenuButton } from "./MenuButton";
import { NotificationsMenu } from "./NotificationsMenu";
import { ThemeMenu } from "./ThemeMenu";

/** Sidebar toggle, the theme menu, the notifications and the admin's own menu. */
export function TopBar({
  sidebarShown,
  onToggle,
}: {
  sidebarShown: boolean;
  onToggle: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const admin = readAdmin();
  const { t } = useTranslation();

  async function logout() {
    clearLogin();
    queryClient.clear();
    // The server ends its session; the browser leaves whatever it answers.
    await api.post("logoutAdmin").catch(() => undefined);
    navigate("/login-back", { replace: true });
  }

  return (
    <header className="app-topbar navbar bg-body border-bottom px-3">
      <button
        className="btn btn-light"
        aria-label={t("topbar.toggleSidebar")}
        aria-expanded={sidebarShown}
        onClick={onToggle}
      >
        <Icon name="menu" />
      </button>
      <div className="d-flex align-items-center gap-2 ms-auto">
        <LanguageMenu />
        <ThemeMenu />
        <NotificationsMenu />
        <MenuButton
          label={
            <>
              <Icon name="user" />
              <span>{admin?.username ?? t("topbar.admin")}</span>
            </>
          }
          className="d-flex align-items-center gap-2"
        >
          <Link className="dropdown-item" to={account.list.path}>
            {t("topbar.accountManagement")}
          </Link>
          <hr className="dropdown-divider" />
          <button type="button" className="dropdown-item" onClick={logout}>
            {t("topbar.logout")}
          </button>
        </MenuButton>
      </div>
    </header>
  );
}
