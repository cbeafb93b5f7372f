import "bootstrap/dist/css/bootstrap.min.css";
import "./styles.css";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { App } from "./App";
import { ApiError } from "./api/client";
import { ToastProvider } from "./components/Toasts";
import { showToast } from "./components/toastStore";
import { prefetchOnNavigation } from "./routes";

/** Every failed call tells the admin in plain words; 401s are handled by the session. */
function reportError(error: Error): void {
  if (error instanceof ApiError && error.status === 401) return;
  if (
    error instanceof ApiError &&
    (error.issues.length > 0 || error.status === 409 || error.status === 412)
  ) {
    // The form that saved puts the issues on its fields first (useRecordForm), a dialog its
    // refusal (pages/people/useMemberDeleteDialog.tsx), a 412 a form's conflict panel or a
    // list's row toast (staleRows.ts); said there, not twice.
    setTimeout(() => {
      if (!error.shownOnFields) showToast(error.message);
    });
    return;
  }
  showToast(error.message);
}

/** A record that is not there is said on the screen itself (MissingRecord). */
function reportQueryError(error: Error): void {
  if (error instanceof ApiError && error.status === 404) return;
  reportError(error);
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportQueryError }),
  mutationCache: new MutationCache({ onError: reportError }),
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

// A data router, so forms can warn before leaving with unsaved changes (useBlocker).
const router = createBrowserRouter([{ path: "*", element: <App /> }]);
prefetchOnNavigation(router, queryClient);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
