import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { useTranslation } from "./i18n";
import { AppLayout } from "./layout/AppLayout";
import { OfflineBanner } from "./layout/OfflineBanner";
import { ProgressBar, ScreenPlaceholder } from "./layout/ProgressBar";
import { RequireAdmin } from "./layout/RequireAdmin";
import { StepUpHost } from "./layout/StepUpHost";
import { useDocumentTitle } from "./layout/useDocumentTitle";
import { useSessionWatch } from "./layout/useSessionWatch";
import NotFoundPage from "./pages/notFound/NotFoundPage";
import { resources } from "./resources";
import { ResourcesContext, resourceLookups } from "./resources/context";
import { appRoutes } from "./routes";

/** Every resource, for the links between screens (resources/context.ts). */
const lookups = resourceLookups(resources);

// Its own chunk: the form pattern it is built on stays out of /admin's first
// download. No Suspense around it: the first render waits for its code rather
// than drawing a placeholder, whose swap React holds back up to 300 ms.
const LoginPage = lazy(() => import("./pages/login/LoginPage"));

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
        <Route caseSensitive path="/404" element={<NotFoundPage />} />
        <Route path="/" element={<Navigate to="/admin" replace />} />
        <Route
          element={
            <RequireAdmin>
              <AppLayout />
            </RequireAdmin>
          }
        >
          {appRoutes.map(({ path, page: Page, resource, screen }) => (
            <Route
              key={path}
              caseSensitive
              path={path}
              element={
                <Suspense fallback={<ScreenPlaceholder />}>
                  <Page resource={resource} screen={screen} />
                </Suspense>
              }
            />
          ))}
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </ResourcesContext.Provider>
  );
}
