import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { lazy, Suspense } from "react";
import { createMemoryRouter, Link, Route, RouterProvider, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { watchNavigation } from "../src/layout/navigationProgress";
import { ProgressBar, ScreenPlaceholder } from "../src/layout/ProgressBar";

afterEach(cleanup);

/** A promise and the function that keeps it. */
function later<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const slowCode = later<{ default: () => React.JSX.Element }>();
const SlowScreen = lazy(() => slowCode.promise);
const slowData = later<string>();

function DataScreen() {
  const { data } = useQuery({ queryKey: ["slow"], queryFn: () => slowData.promise });
  return <p>{data ?? "…"}</p>;
}

/** The app's shape: a data router around one element with its own routes and lazy screens. */
function Shell() {
  return (
    <>
      <ProgressBar />
      <Link to="/slow">Slow screen</Link>
      <Routes>
        <Route
          path="/"
          element={
            // As in App.tsx, every screen in a Suspense of its own: the same boundary for each.
            <Suspense fallback={<ScreenPlaceholder />}>
              <p>Home screen</p>
            </Suspense>
          }
        />
        <Route path="/data" element={<DataScreen />} />
        <Route
          path="/slow"
          element={
            <Suspense fallback={<ScreenPlaceholder />}>
              <SlowScreen />
            </Suspense>
          }
        />
      </Routes>
    </>
  );
}

function renderShell(at: string) {
  const router = createMemoryRouter([{ path: "*", element: <Shell /> }], {
    initialEntries: [at],
  });
  watchNavigation(router);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("the progress bar", () => {
  it("shows while a screen's code is on its way, the old screen still drawn, and goes once it is there", async () => {
    const router = renderShell("/");
    screen.getByText("Home screen");
    expect(screen.queryByRole("progressbar")).toBeNull();
    await act(() => router.navigate("/slow"));
    const bar = await screen.findByRole("progressbar", { name: "Loading" });
    expect(bar).toBeTruthy();
    // React keeps the old screen during the navigation: the bar is the only sign.
    screen.getByText("Home screen");
    await act(async () => slowCode.resolve({ default: () => <p>Slow screen drawn</p> }));
    await screen.findByText("Slow screen drawn");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows for a load that lasts (not at once), and goes when it ends", async () => {
    renderShell("/data");
    expect(screen.queryByRole("progressbar")).toBeNull();
    await screen.findByRole("progressbar", { name: "Loading" }, { timeout: 2000 });
    await act(async () => slowData.resolve("Loaded"));
    await screen.findByText("Loaded");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
