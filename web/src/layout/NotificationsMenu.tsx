import { Link } from "react-router";
import { useNotifications } from "../api/notifications";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";
import { Icon } from "./icons";
import { MenuButton } from "./MenuButton";

/** "99+" past 99, so the badge stays small. */
const shortCount = (n: number) => (n > 99 ? "99+" : String(n));

/**
 * The top bar's bell: what waits for the administrator (withdrawals to
 * decide, orders to ship, agency stores expiring, stock running low), each a
 * count and a link to the list that shows them. Counts refresh every minute
 * and after every write (api/notifications.ts).
 */
export function NotificationsMenu() {
  const { data } = useNotifications();
  const { t } = useTranslation();
  const waiting = (data ?? []).filter((n) => n.count > 0);
  const total = waiting.reduce((sum, n) => sum + n.count, 0);
  return (
    <MenuButton
      label={
        <span className="position-relative d-inline-block">
          <Icon name="bell" />
          {total > 0 && (
            <span
              className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
              style={{ fontSize: "0.65rem" }}
              aria-hidden="true"
            >
              {shortCount(total)}
            </span>
          )}
        </span>
      }
      ariaLabel={total > 0 ? `${t("topbar.notifications")}: ${total}` : t("topbar.notifications")}
      className="app-no-caret"
    >
      {waiting.length === 0 ? (
        <span className="dropdown-item-text text-muted small">{t("topbar.noNotifications")}</span>
      ) : (
        waiting.map((n) => (
          <Link
            key={n.kind}
            to={n.link}
            className="dropdown-item d-flex justify-content-between align-items-center gap-3"
            data-kind={n.kind}
          >
            <span>{translate(n.title)}</span>{" "}
            <span className="badge rounded-pill bg-primary">{n.count}</span>
          </Link>
        ))
      )}
    </MenuButton>
  );
}
