import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ApiError, api, type ListPage, requestPage } from "../src/api/client";
import { type Column, DataTable } from "../src/components/DataTable";
import { Field } from "../src/components/Field";
import { ToastProvider } from "../src/components/Toasts";
import { showToast } from "../src/components/toastStore";
import { forgetListViews, useListState } from "../src/components/useListState";
import { RecordForm, useRecordForm } from "../src/components/useRecordForm";
import { setLanguage } from "../src/i18n/index";
import { OfflineBanner } from "../src/layout/OfflineBanner";

afterEach(async () => {
  cleanup();
  forgetListViews();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

/** The browser's fetch as the client meets it: each call answered by the next of `answers`. */
function stubFetch(answers: (() => Response)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const answer = answers.shift();
      // What fetch does offline: a TypeError, no answer at all.
      if (!answer) throw new TypeError("Failed to fetch");
      return answer();
    }),
  );
  return calls;
}
const offline = () => {
  throw new TypeError("Failed to fetch");
};
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const schema = z.object({ note: z.string().trim().min(1, "Note is required.") });
type Values = z.input<typeof schema>;

const loadedNote: Values = { note: "Old note" };

/** An edit form on the shared pattern, loaded at version 7, saving with a PUT (If-Match). */
function NoteForm() {
  const form = useRecordForm<Values, Values>({
    schema,
    defaults: { note: "" },
    loaded: loadedNote,
    version: 7,
    save: (values, shown) => api.put("notes/1", values, shown.version),
    onSaved: () => {},
  });
  return (
    <RecordForm form={form}>
      <Field name="note" id="note" label="Note" />
      <button type="submit">Save</button>
    </RecordForm>
  );
}

function renderWithToasts(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/things"] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("a save's feedback (useRecordForm)", () => {
  it("confirms a save with one success toast", async () => {
    stubFetch([() => json({ note: "New note", version: 8 })]);
    renderWithToasts(<NoteForm />);
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "New note" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("Changes saved.");
    // Once: a save's confirmation is not repeated.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByText("Changes saved.")).toHaveLength(1);
  });

  it("keeps a save that never reached the server, and Retry sends the same save again", async () => {
    const calls = stubFetch([offline, () => json({ note: "Typed offline", version: 8 })]);
    renderWithToasts(<NoteForm />);
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Typed offline" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The server could not be reached.");
    // What was typed is still there, and nothing says it was saved.
    expect(screen.getByLabelText<HTMLInputElement>("Note").value).toBe("Typed offline");
    expect(screen.queryByText("Changes saved.")).toBeNull();

    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByText("Changes saved.");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    // The same call twice: the same body, based on the same version.
    expect(calls).toHaveLength(2);
    for (const { url, init } of calls) {
      expect(url).toBe("/api/notes/1");
      expect(init?.method).toBe("PUT");
      expect(init?.body).toBe(JSON.stringify({ note: "Typed offline" }));
      expect((init?.headers as Record<string, string> | undefined)?.["if-match"]).toBe('"7"');
    }
  });
});

interface Row {
  id: number;
  name: string;
}
const columns: Column<Row>[] = [{ header: "Name", cell: (r) => r.name }];

function ThingList() {
  const list = useListState({});
  const query = useQuery<ListPage<Row>>({
    queryKey: ["things", list.params],
    queryFn: () => requestPage<Row>("things", list.params),
  });
  return (
    <DataTable
      list={list}
      columns={columns}
      page={query.data}
      loading={query.isLoading}
      rowKey={(r) => r.id}
      query={query}
    />
  );
}

describe("a list whose call failed", () => {
  it("says so where its rows go, in the chosen language, and Retry loads them", async () => {
    await setLanguage("ms");
    const calls = stubFetch([
      offline,
      () => json([{ id: 1, name: "Blue mug" }], 200, { "X-Total-Count": "1" }),
    ]);
    renderWithToasts(<ThingList />);
    const failed = await screen.findByTestId("list-error");
    expect(failed.textContent).toContain("Senarai tidak dapat dimuatkan.");
    expect(failed.textContent).toContain("Pelayan tidak dapat dihubungi.");
    expect(failed.textContent).not.toContain("The server could not be reached");
    // Not an empty table that reads as "nothing here".
    expect(screen.queryByRole("table")).toBeNull();

    fireEvent.click(within(failed).getByRole("button", { name: "Cuba lagi" }));
    await screen.findByText("Blue mug");
    expect(screen.queryByTestId("list-error")).toBeNull();
    expect(calls).toHaveLength(2);
  });
});

describe("a failure the server could not handle", () => {
  const failure = () =>
    json(
      {
        message: "Something went wrong on our side. Please try again.",
        code: "server_error",
        params: {},
        request_id: "7f3c2a9e-1b4d-4c8e-9a2f-0d6b5e4c3a21",
      },
      500,
    );

  it("shows its request id under the message, in the list and in a toast", async () => {
    await setLanguage("ms");
    stubFetch([failure, failure]);
    renderWithToasts(<ThingList />);
    const failed = await screen.findByTestId("list-error");
    expect(failed.textContent).toContain("Rujukan 7f3c2a9e-1b4d-4c8e-9a2f-0d6b5e4c3a21");

    const error = await api.get("things").catch((e: unknown) => e);
    act(() => showToast(error as ApiError));
    const toast = await screen.findByTestId("toast-danger");
    expect(toast.textContent).toContain("Rujukan 7f3c2a9e-1b4d-4c8e-9a2f-0d6b5e4c3a21");
  });

  it("shows no reference for a refusal (4xx), which the admin can mend", async () => {
    stubFetch([() => json({ message: "Not found.", code: "not_found", request_id: "abc" }, 404)]);
    const error = await api.get("things").catch((e: unknown) => e);
    renderWithToasts(<div />);
    act(() => showToast(error as ApiError));
    const toast = await screen.findByTestId("toast-danger");
    expect(toast.textContent).toBe("Not found.");
  });
});

describe("the offline banner", () => {
  it("shows while the browser is offline, and goes when it is back", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(screen.getByTestId("offline-banner").textContent).toContain("You are offline.");
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    onLine.mockRestore();
  });
});
