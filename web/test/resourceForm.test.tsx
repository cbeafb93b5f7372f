import type { Brand } from "@store/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { resources } from "../src/resources";
import { ResourcesContext, resourceLookups } from "../src/resources/context";
import { declaredResources } from "../src/resources/records";
import { appRoutes } from "../src/routes";
import { signInAs, signOut } from "./signedIn";

// The form pattern as a declared resource uses it (components/ResourceForm.tsx):
// the real Add Brand and Edit Brand screens, routed as the route table routes
// them, against a small fake server of one brand.

interface Call {
  method: string;
  path: string;
  ifMatch: string | null;
  body: unknown;
}

const brands = declaredResources.find((r) => r.name === "brands") ?? declaredResources[0]!;
let stored: Brand;
let calls: Call[];
let toasts: string[];
let unsubscribe: () => void;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

// The form's code, loaded once before the screens are drawn (as a route's first visit does).
beforeAll(async () => {
  await brands.edit?.screen();
});

// An Admin: every control is drawn (test/permissionsOnScreen.test.tsx hides them).
beforeEach(() => {
  signInAs();
});
afterEach(signOut);

beforeEach(() => {
  stored = {
    brand_id: 5,
    brand_name: "Acme",
    brand_image: "",
    brand_status: 1,
    created_at: "2026-11-20 10:00:00",
    updated_at: null,
    version: 2,
  };
  calls = [];
  toasts = [];
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\//, "");
      const headers = (init.headers ?? {}) as Record<string, string>;
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, ifMatch: headers["if-match"] ?? null, body });
      if (path.startsWith("auditLog")) return json([], 200, { "X-Total-Count": "0" });
      if (method === "GET" && path === "brands/5") return json(stored);
      if (method === "PUT" && path === "brands/5") {
        stored = { ...stored, ...body, version: stored.version + 1 };
        return json(stored);
      }
      if (method === "POST" && path === "brands") return json({ ...stored, ...body, brand_id: 6 });
      return json({ message: "Not found." }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  unsubscribe();
  vi.unstubAllGlobals();
});

/** The brands' screens as App routes them (the list replaced by a marker), at `path`. */
function open(path: string) {
  const routes = appRoutes
    .filter((r) => r.resource === brands && r.path !== brands.list.path)
    .map(({ path: routePath, page: Page, resource, screen }) => ({
      path: routePath,
      element: (
        <Suspense fallback={null}>
          <Page resource={resource} screen={screen} />
        </Suspense>
      ),
    }));
  const router = createMemoryRouter(
    [...routes, { path: brands.list.path, element: <p>The brands list</p> }],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ResourcesContext.Provider value={resourceLookups(resources)}>
        <RouterProvider router={router} />
      </ResourcesContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe("a declared resource's form", () => {
  it("edits the record named by its id parameter, with If-Match, then goes back to its list", async () => {
    const router = open("/editBrands?bid=5");
    const name = (await screen.findByLabelText("Brand Name")) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe("Acme"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Edit Brand");
    expect(screen.getByRole("link", { name: "Cancel" }).getAttribute("href")).toBe("/brands");
    // Its History panel, linked to the audit log filtered to it.
    expect(await screen.findByRole("heading", { name: "History" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open in Audit Log" }).getAttribute("href")).toBe(
      "/auditLog?entity=Brand&entity_id=5",
    );

    fireEvent.change(name, { target: { value: "Acme Co" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("The brands list");
    expect(router.state.location.pathname).toBe("/brands");
    const put = calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({
      path: "brands/5",
      ifMatch: '"2"',
      body: { brand_name: "Acme Co", brand_status: 1 },
    });
    expect(toasts).toContain("Changes saved.");
  });

  it("adds a record, with no History panel, and asks for what is missing first", async () => {
    open("/addBrands");
    const name = await screen.findByLabelText("Brand Name");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Add Brand");
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(name, { target: { value: "Bolt" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await screen.findByText("The brands list");
    expect(calls.find((c) => c.method === "POST")).toMatchObject({
      path: "brands",
      ifMatch: null,
      body: { brand_name: "Bolt" },
    });
  });

  it("says a missing or malformed id's record cannot be found, with the way back", async () => {
    for (const path of ["/editBrands?bid=999", "/editBrands?bid=x"]) {
      open(path);
      const back = await screen.findByRole("link", { name: "Back to Brands" });
      expect(back.getAttribute("href")).toBe("/brands");
      expect(screen.getByRole("alert").textContent).toContain("brand");
      expect(screen.queryByLabelText("Brand Name")).toBeNull();
      cleanup();
    }
  });
});
