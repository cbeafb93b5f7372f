import { useQueryClient } from "@tanstack/react-query";
import { Dropdown } from "react-bootstrap";
import { Link, useNavigate } from "react-router";
import { api } from "../api/client";
import { clearLogin, readAdmin } from "../lib/session";
import { Icon } from "./icons";

/** Sidebar toggle, the notifications placeholder and the admin's own menu. */
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

  async function logout() {
    clearLogin();
    queryClient.clear();
    // The server ends its session; the browser leaves whatever it answers.
    await api.post("logoutAdmin").catch(() => undefined);
    navigate("/login-back", { replace: true });
  }

  return (
    <header className="app-topbar navbar bg-white border-bottom px-3">
      <button
        className="btn btn-light"
        aria-label="Toggle sidebar"
        aria-expanded={sidebarShown}
        onClick={onToggle}
      >
        <Icon name="menu" />
      </button>
      <div className="d-flex align-items-center gap-2 ms-auto">
        <Dropdown align="end">
          <Dropdown.Toggle variant="light" aria-label="Notifications" className="app-no-caret">
            <Icon name="bell" />
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.ItemText className="text-muted small">No new notifications</Dropdown.ItemText>
          </Dropdown.Menu>
        </Dropdown>
        <Dropdown align="end">
          <Dropdown.Toggle variant="light" className="d-flex align-items-center gap-2">
            <Icon name="user" />
            <span>{admin?.username ?? "Admin"}</span>
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.Item as={Link} to="/profile">
              Account Management
            </Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item as="button" onClick={logout}>
              Logout
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </div>
    </header>
  );
}
