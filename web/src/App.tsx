import { lazy, Suspense, useMemo } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { useTranslation } from "./i18n";
import { AppLayout } from "./layout/AppLayout";
import { NoAccess } from "./layout/NoAccess";
import { OfflineBanner } from "./layout/OfflineBanner";
import { ProgressBar, ScreenPlaceholder } from "./layout/ProgressBar";
import { RequireAdmin } from "./layout/RequireAdmin";
import { ScreenErrorBoundary } from "./layout/ScreenError";
import { StepUpHost } from "./layout/StepUpHost";
import { useDocumentTitle } from "./layout/useDocumentTitle";
import { useSessionWatch } from "./layout/useSessionWatch";
import { useCan } from "./lib/permissions";
import NotFoundPage from "./pages/notFound/NotFoundPage";
import { resources } from "./resources";
import { ResourcesContext, resourceLookups, ScreenContext } from "./resources/context";
import type { ScreenProps } from "./resources/define";
import { appRoutes } from "./routes";

/** Every resource, for the links between screens (resources/context.ts). */
const lookups = resourceLookups(resources);

// Its own chunk: the form pattern it is built on stays out of /admin's first
// download. No Suspense around it: the first render waits for its code rather
// than drawing a placeholder, whose swap React holds back up to 300 ms.
const LoginPage = lazy(() => import("./pages/login/LoginPage"));
// "Forgot password?": public like the login, each in its own chunk.
const ForgotPasswordPage = lazy(() => import("./pages/login/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./pages/login/ResetPasswordPage"));

/**
 * One screen of the route table: the no-access screen when the person may not
 * view it (docs/decisions/permissions-on-screen.md), else the screen, its resource
 * given to the shared components inside (ScreenContext). A screen that fails to
 * draw shows the error page in its place, inside the shell (layout/ScreenError.tsx).
 */
function Screen({
  page: Page,
  resource,
  screen,
}: ScreenProps & { page: (typeof appRoutes)[number]["page"] }) {
  const value = useMemo(() => ({ resource, screen }), [resource, screen]);
  const { pathname, search } = useLocation();
  if (!useCan(screen.permission)) return <NoAccess />;
  return (
    <ScreenContext.Provider value={value}>
      <ScreenErrorBoundary address={`${pathname}${search}`}>
        <Suspense fallback={<ScreenPlaceholder />}>
          <Page resource={resource} screen={screen} />
        </Suspense>
      </ScreenErrorBoundary>
    </ScreenContext.Provider>
  );
}

/** Routes are case-sensitive (docs/REQUIREMENTS.md section 2): /Admin is an unknown path and goes to /404. */
export function App() {
  useSessionWatch();
  // Every screen's document title names it, in the chosen language.
  useDocumentTitle();
  // A newly chosen language draws every screen again, including texts shown
  // through translate() by components that do not ask for the language themselves.
  useTranslation();
  return (
    <ResourcesContext.Provider value={lookups}>
      <ProgressBar />
      <OfflineBanner />
      <StepUpHost />
      <Routes>
        <Route caseSensitive path="/login-back" element={<LoginPage />} />
        <Route caseSensitive path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route caseSensitive path="/reset-password" element={<ResetPasswordPage />} />
        <Route caseSensitive path="/404" element={<NotFoundPage />} />
        <Route path="/" element={<Navigate to="/admin" replace />} />
        <Route
          element={
            <RequireAdmin>
              <AppLayout />
            </RequireAdmin>
          }
        >
          {appRoutes.map(({ path, page, resource, screen }) => (
            <Route
              key={path}
              caseSensitive
              path={path}
              element={<Screen page={page} resource={resource} screen={screen} />}
            />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </ResourcesContext.Provider>
  );
}
