import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { api } from "../api/client";
import { useTranslation } from "../i18n";
import { useStoredAdmin } from "../lib/permissions";
import { clearLogin } from "../lib/session";
import { account } from "../resources/account";
import { Icon } from "./icons";
import { LanguageMenu } from "./LanguageMenu";
import { MenuButton } from "./MenuButton";
import { NotificationsMenu } from "./NotificationsMenu";
import { ThemeMenu } from "./ThemeMenu";

/** Sidebar toggle, the theme menu, the notifications and the person's own menu (their name and groups). */
export function TopBar({
  sidebarShown,
  onToggle,
}: {
  sidebarShown: boolean;
  onToggle: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const admin = useStoredAdmin();
  const { t } = useTranslation();
  const name = admin && `${admin.f_name} ${admin.l_name}`.trim();
  // An Admin holds every permission through their role, a Staff member through their groups.
  const groups =
    admin?.role === "Admin"
      ? t("topbar.administrator")
      : admin?.group_names?.length
        ? t("topbar.groups", { names: admin.group_names.join(", ") })
        : t("topbar.noGroups");

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
          <div className="dropdown-item-text" data-testid="topbar-person">
            <div className="fw-semibold">{name || admin?.username}</div>
            <div className="small text-body-secondary">{groups}</div>
          </div>
          <hr className="dropdown-divider" />
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
