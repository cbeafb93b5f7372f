import "bootstrap/dist/css/bootstrap.min.css";
import "./styles.css";
import {
  type Mutation,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { App } from "./App";
import { ApiError, isUnreachable } from "./api/client";
import { ToastProvider } from "./components/Toasts";
import { showToast } from "./components/toastStore";
import { isForbidden, sayForbidden } from "./layout/forbidden";
import { watchNavigation } from "./layout/navigationProgress";
import { AppErrorPage } from "./layout/ScreenError";
import { prefetchOnNavigation } from "./routes";

/**
 * Every failed call tells the admin in plain words; 401s are handled by the session,
 * a refusal for a permission is said once (layout/forbidden.ts).
 * `retry`: sends the same call again, offered on the toast of a call that never reached
 * the server (offline); a form offers its own Retry beside the kept typing instead.
 */
function reportError(error: Error, retry?: () => void): void {
  if (error instanceof ApiError && error.status === 401) return;
  if (isForbidden(error)) {
    sayForbidden(error);
    return;
  }
  // Said elsewhere: a step-up the person cancelled, and a person the store requires
  // to set up two-step login, whom the profile then tells (layout/useSessionWatch.ts).
  if (error instanceof ApiError && error.code === "step_up_required" && error.shownOnFields) return;
  if (error instanceof ApiError && error.code === "totp_enrolment_required") return;
  if (
    error instanceof ApiError &&
    (error.issues.length > 0 ||
      error.status === 409 ||
      error.status === 412 ||
      isUnreachable(error))
  ) {
    // The form that saved puts the issues on its fields first (useRecordForm), a dialog its
    // refusal (pages/people/useMemberDeleteDialog.tsx), a 412 a form's conflict panel or a
    // list's row toast (staleRows.ts); said there, not twice.
    setTimeout(() => {
      if (error.shownOnFields) return;
      showToast(
        error,
        "danger",
        isUnreachable(error) && retry ? { label: "Retry", run: retry } : undefined,
      );
    });
    return;
  }
  showToast(error);
}

/**
 * A record that is not there is said on the screen itself (MissingRecord), a list's failure
 * in its table with a Retry (components/ListError.tsx).
 */
function reportQueryError(error: Error, query: Query<unknown, unknown, unknown>): void {
  if (error instanceof ApiError && error.status === 404) return;
  if (query.meta?.saidOnScreen === true) return;
  reportError(error, () => void query.fetch().catch(() => undefined));
}

/** The same write again, with the same body and the same If-Match version (its variables). */
function reportMutationError(
  error: Error,
  variables: unknown,
  _result: unknown,
  mutation: Mutation<unknown, unknown, unknown>,
): void {
  reportError(error, () => {
    const again = queryClient.getMutationCache().build(queryClient, mutation.options);
    // A failure again is reported again, through this same function.
    void again.execute(variables).catch(() => undefined);
  });
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportQueryError }),
  mutationCache: new MutationCache({ onError: reportMutationError }),
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
    // A write is sent even offline, so it fails at once and says so with its Retry
    // (useRecordForm, the toast above), rather than waiting unseen behind a grey button
    // and going out by itself whenever the network returns. Reads wait for the network.
    mutations: { networkMode: "always" },
  },
});

// A data router, so forms can warn before leaving with unsaved changes (useBlocker).
// A failure outside every screen (the shell itself) shows the app's error page, not the router's.
const router = createBrowserRouter([
  { path: "*", element: <App />, errorElement: <AppErrorPage /> },
]);
prefetchOnNavigation(router, queryClient);
watchNavigation(router);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
