import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n";
import { grants, useHeldPermissions } from "../lib/permissions";
import { dashboard } from "../resources/dashboard";
import { Icon } from "./icons";
import { Logo } from "./Logo";
import { isActiveLink, SIDEBAR_LINKS } from "./navigation";

/**
 * The logo and the resources' links (layout/navigation.ts) the person may
 * view, the current screen's link highlighted.
 */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const held = useHeldPermissions();
  const links = SIDEBAR_LINKS.filter((l) => l.permission === null || grants(held, l.permission));
  return (
    <div className="app-sidebar-inner">
      <Link to={dashboard.list.path} className="app-sidebar-brand" onClick={onNavigate}>
        <Logo />
      </Link>
      <nav aria-label={t("nav.sidebar")}>
        <ul className="nav flex-column">
          {links.map((link) => {
            const active = isActiveLink(link, pathname);
            return (
              <li key={link.to} className="nav-item">
                <Link
                  to={link.to}
                  className={`nav-link app-sidebar-link${active ? " active" : ""}`}
                  aria-current={active ? "page" : undefined}
                  onClick={onNavigate}
                >
                  <Icon name={link.icon} size={18} />
                  <span>{t(`nav.${link.key}`, link.label)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
