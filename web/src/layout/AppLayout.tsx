import { lazy, type MouseEvent, Suspense, useRef, useState } from "react";
import { Outlet } from "react-router";
import { useTranslation } from "../i18n";
import { Footer } from "./Footer";
import { Sidebar } from "./Sidebar";
import { TopBar } from "./TopBar";
import { useNarrowWindow } from "./useNarrowWindow";

// Only narrow windows draw the sidebar over the page: wide ones never download it.
const Offcanvas = lazy(() => import("react-bootstrap/Offcanvas"));

/**
 * Sidebar, top bar and footer around every screen but /login-back and /404.
 * Below 992 px the sidebar is hidden and the toggle opens it over the page;
 * wider, the toggle collapses and expands it in place.
 */
export function AppLayout() {
  const narrow = useNarrowWindow();
  // Every screen inside re-renders in a newly chosen language.
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const closeOverlay = () => setOverlayOpen(false);
  const content = useRef<HTMLElement>(null);
  // Focus, not the address: "#content" in the URL would be a new history entry.
  const skipToContent = (event: MouseEvent) => {
    event.preventDefault();
    content.current?.focus();
  };

  return (
    <div className="app-shell">
      {/* The first stop of Tab on every screen (WCAG 2.4.1; docs/decisions/accessibility.md). */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is page navigation; the click only keeps "#content" out of the address */}
      <a href="#content" className="app-skip-link" onClick={skipToContent}>
        {t("nav.skipToContent")}
      </a>
      {narrow ? (
        <Suspense fallback={null}>
          <Offcanvas
            show={overlayOpen}
            onHide={closeOverlay}
            className="app-sidebar app-sidebar-overlay"
            aria-label={t("nav.menu")}
          >
            <Sidebar onNavigate={closeOverlay} />
          </Offcanvas>
        </Suspense>
      ) : (
        !collapsed && (
          <aside className="app-sidebar">
            <Sidebar />
          </aside>
        )
      )}
      <div className="app-main">
        <TopBar
          sidebarShown={narrow ? overlayOpen : !collapsed}
          onToggle={() => (narrow ? setOverlayOpen((open) => !open) : setCollapsed((c) => !c))}
        />
        <main id="content" ref={content} tabIndex={-1} className="app-content">
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
