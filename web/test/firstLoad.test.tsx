import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MenuButton } from "../src/layout/MenuButton";
import { storeLogin } from "../src/lib/session";
import { prefetchOnNavigation } from "../src/routes";

afterEach(cleanup);

describe("MenuButton (the top bar's menus)", () => {
  const menu = () =>
    render(
      <>
        <MenuButton label="admin">
          <a className="dropdown-item" href="#profile">
            Account Management
          </a>
          <button type="button" className="dropdown-item">
            Logout
          </button>
        </MenuButton>
        <p>elsewhere</p>
      </>,
    );

  it("opens on a click, and closes on a choice or a click outside", () => {
    menu();
    const toggle = screen.getByRole("button", { name: "admin" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText("elsewhere"));
    expect(screen.queryByRole("button", { name: "Logout" })).toBeNull();
  });

  it("moves between items with the arrow keys and closes on Escape, back on its button", () => {
    menu();
    const toggle = screen.getByRole("button", { name: "admin" });
    fireEvent.click(toggle);
    const first = screen.getByText("Account Management");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Logout" }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: "Escape" });
    expect(screen.queryByText("Account Management")).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});

describe("the dashboard's data, asked with its code", () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    localStorage.clear();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response("{}", { headers: { "content-type": "application/json" } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const admin = {
    status: 200,
    user_id: 1,
    username: "admin",
    email: "admin@store.my",
    f_name: "Store",
    l_name: "Admin",
    contact: "0123",
    DOB: null,
    gender: "Male",
    role: "Admin",
    languages: "English",
    permissions: [],
    group_names: [],
    totp_enabled: false,
    totp_enrolment_required: false,
  };
  const router = (path: string) =>
    createMemoryRouter([{ path: "*", element: null }], { initialEntries: [path] });

  it("is asked as the router arrives at /admin, and not for other screens", async () => {
    storeLogin(admin);
    const queryClient = new QueryClient();
    const r = router("/products");
    prefetchOnNavigation(r, queryClient);
    expect(calls).toEqual([]);
    await r.navigate("/admin");
    expect(calls).toEqual(["/api/dashboard"]);
    await r.navigate("/products");
    expect(calls).toEqual(["/api/dashboard"]);
  });

  it("is asked at once when the app opens on /admin, and not at all when logged out", () => {
    const queryClient = new QueryClient();
    prefetchOnNavigation(router("/admin"), queryClient);
    expect(calls).toEqual([]);
    storeLogin(admin);
    prefetchOnNavigation(router("/admin"), new QueryClient());
    expect(calls).toEqual(["/api/dashboard"]);
  });
});
