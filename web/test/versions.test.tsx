import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useMemo } from "react";
import { createBrowserRouter, createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, type BulkAnswer } from "../src/api/client";
import { createResource } from "../src/api/crud";
import { statusActions } from "../src/components/BulkActions";
import { DataTable } from "../src/components/DataTable";
import { Field } from "../src/components/Field";
import { StatusSwitch, statusColumn } from "../src/components/StatusSwitch";
import { subscribeToasts } from "../src/components/toastStore";
import { useDeleteDialog } from "../src/components/useDeleteDialog";
import { useListState } from "../src/components/useListState";
import { RecordForm, useEditRecord, useRecordForm } from "../src/components/useRecordForm";

/**
 * Optimistic concurrency on the web side (issue 18): what the shared hooks
 * send (If-Match, bulk `versions`) and what a form and a list do with a 412,
 * against a small fake server of one resource.
 */

interface Thing {
  thing_id: number;
  thing_name: string;
  thing_note: string;
  thing_status: number;
  version: number;
}
const thingInput = z.object({
  thing_name: z.string().trim().min(1, "Name is required."),
  thing_note: z.string(),
  thing_status: z.coerce.number(),
});
type ThingInput = z.input<typeof thingInput>;
const things = createResource<Thing, ThingInput>({
  name: "things",
  list: "things",
  item: (id) => `things/${id}`,
});

interface Call {
  method: string;
  path: string;
  ifMatch: string | null;
  body: unknown;
}

/** The fake server: one thing, its version raised by every write; `stale` makes the next write a 412. */
let stored: Thing;
let calls: Call[];
let toasts: string[];
let unsubscribe: () => void;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** What another admin did meanwhile: the record moves on, and the next stale write is told so. */
function otherAdminSaves(change: Partial<Thing>) {
  stored = { ...stored, ...change, version: stored.version + 1 };
  history.push(stored);
}

function conflictBody(sentVersion: number, was: Thing) {
  return {
    message: "This record was changed by someone else.",
    version: stored.version,
    changed_by: "admin2",
    changed_at: "2026-11-26 14:05:00",
    changes: (["thing_name", "thing_note", "thing_status"] as const)
      .filter((f) => was[f] !== stored[f])
      .map((field) => ({
        field,
        was: sentVersion === was.version ? was[field] : null,
        now: stored[field],
      })),
  };
}

/** Versions the fake server has answered with, to report `was` values. */
let history: Thing[];

beforeEach(() => {
  stored = { thing_id: 1, thing_name: "Kettle", thing_note: "", thing_status: 1, version: 3 };
  history = [stored];
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
      const ifMatch = headers["if-match"] ?? null;
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const method = init.method ?? "GET";
      calls.push({ method, path, ifMatch, body });
      const sent = ifMatch === null ? null : Number(ifMatch.replaceAll('"', ""));
      if (method === "GET" && path === "things/1") return json(stored);
      if (method === "GET" && path.startsWith("things")) return json([stored]);
      const stale = sent !== null && sent !== stored.version;
      const was = history.find((t) => t.version === sent) ?? stored;
      if (method === "POST" && path === "things/bulk") {
        const versions = (body as { versions?: Record<string, number> }).versions ?? {};
        const ok = versions["1"] === undefined || versions["1"] === stored.version;
        if (ok) otherAdminSaves({ thing_status: body.action === "activate" ? 1 : 0 });
        return json({
          results: [
            ok
              ? { id: 1, ok: true, status: 200, message: "Done." }
              : { id: 1, ok: false, status: 412, message: "Changed by someone else." },
          ],
        } satisfies BulkAnswer);
      }
      if (stale) return json(conflictBody(sent ?? 0, was), 412);
      if (method === "PUT") {
        stored = { ...stored, ...(body as ThingInput), version: stored.version + 1 } as Thing;
        history.push(stored);
        return json(stored);
      }
      if (method === "DELETE") return json(stored);
      return json({ message: "Not found." }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  unsubscribe();
  vi.unstubAllGlobals();
});

/** An edit screen on the pattern (docs/ARCHITECTURE.md, "How to add a list and form"). */
function ThingForm({ noteChoices = false }: { noteChoices?: boolean }) {
  const { id, record, version, reload } = useEditRecord("tid", things.useOne);
  const update = things.useUpdate();
  const loaded = useMemo(
    () =>
      record && {
        thing_name: record.thing_name,
        thing_note: record.thing_note,
        thing_status: record.thing_status,
      },
    [record],
  );
  const form = useRecordForm({
    schema: thingInput,
    defaults: { thing_name: "", thing_note: "", thing_status: 0 },
    loaded,
    version,
    reload,
    listRoute: "/things",
    save: (values, shown) =>
      update.mutateAsync({ id: id ?? 0, input: values, version: shown.version }),
  });
  if (!record) return <p>Loading</p>;
  return (
    <RecordForm form={form}>
      <Field name="thing_name" label="Thing Name" />
      {noteChoices ? (
        <Field name="thing_note" label="Note">
          {(input) => (
            <select {...input}>
              <option value="">Still sold</option>
              <option value="Discontinued">No longer sold</option>
            </select>
          )}
        </Field>
      ) : (
        <Field name="thing_note" label="Note" />
      )}
      <StatusSwitch control={form.form.control} name="thing_status" />
      <button type="submit">Save</button>
    </RecordForm>
  );
}

function renderWithServer(element: React.ReactNode, at = "/editThing?tid=1") {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 10_000 } },
  });
  const router = createMemoryRouter(
    [
      { path: "/editThing", element },
      { path: "/things", element: <p>The list</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const puts = () => calls.filter((c) => c.method === "PUT");

async function typeNameAndSave(name: string) {
  const input = await screen.findByLabelText("Thing Name");
  await waitFor(() => expect((input as HTMLInputElement).value).toBe("Kettle"));
  fireEvent.change(input, { target: { value: name } });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
}

describe("a form's save with the version it was loaded with", () => {
  it("sends If-Match with the loaded record's version", async () => {
    const router = renderWithServer(<ThingForm />);
    await typeNameAndSave("Kettle 2");
    await waitFor(() => expect(router.state.location.pathname).toBe("/things"));
    expect(puts()).toEqual([
      {
        method: "PUT",
        path: "things/1",
        ifMatch: '"3"',
        body: { thing_name: "Kettle 2", thing_note: "", thing_status: 1 },
      },
    ]);
  });

  it("on a 412 keeps the typing and shows who, when, and per field your value and the value now", async () => {
    const router = renderWithServer(<ThingForm />);
    const input = await screen.findByLabelText("Thing Name");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("Kettle"));
    otherAdminSaves({ thing_status: 0, thing_note: "Discontinued" });
    await typeNameAndSave("Kettle Pro");

    const panel = await screen.findByRole("region", { name: "Someone else changed this record" });
    expect(within(panel).getByText("Changed by admin2 at 26/11/2026, 14:05")).toBeTruthy();
    const rows = within(panel)
      .getAllByRole("row")
      .map((r) => [...r.querySelectorAll("th,td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Field", "Your value", "Value now"],
      ["Note", "—", "Discontinued"],
      ["Thing status", "1", "0"],
    ]);
    expect(document.activeElement).toBe(panel);
    // Nothing the admin typed is lost, and the form stays.
    expect((screen.getByLabelText("Thing Name") as HTMLInputElement).value).toBe("Kettle Pro");
    expect(router.state.location.pathname).toBe("/editThing");
    expect(puts()).toHaveLength(1);
    // The panel says it; no toast of the server's message as well.
    expect(toasts).toEqual([]);
  });

  it("names a select's value by its option's text, as the form shows it", async () => {
    renderWithServer(<ThingForm noteChoices />);
    const input = await screen.findByLabelText("Thing Name");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("Kettle"));
    otherAdminSaves({ thing_note: "Discontinued" });
    await typeNameAndSave("Kettle Pro");
    const panel = await screen.findByRole("region", { name: "Someone else changed this record" });
    const rows = within(panel)
      .getAllByRole("row")
      .map((r) => [...r.querySelectorAll("th,td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Field", "Your value", "Value now"],
      ["Note", "Still sold", "No longer sold"],
    ]);
  });

  it("'Load the latest' reads the record again and drops the typing", async () => {
    renderWithServer(<ThingForm />);
    const input = await screen.findByLabelText("Thing Name");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("Kettle"));
    otherAdminSaves({ thing_name: "Kettle Deluxe" });
    await typeNameAndSave("Kettle Pro");
    const panel = await screen.findByRole("region", { name: "Someone else changed this record" });
    fireEvent.click(within(panel).getByRole("button", { name: "Load the latest" }));
    await waitFor(() =>
      expect((screen.getByLabelText("Thing Name") as HTMLInputElement).value).toBe("Kettle Deluxe"),
    );
    expect(screen.queryByRole("region", { name: "Someone else changed this record" })).toBeNull();
    expect(puts()).toHaveLength(1);
    // The next save is based on the latest version.
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Checked" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.ifMatch).toBe('"4"');
  });

  it("'Apply my changes on top' saves only the admin's fields on the latest, with its version", async () => {
    const router = renderWithServer(<ThingForm />);
    const input = await screen.findByLabelText("Thing Name");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("Kettle"));
    otherAdminSaves({ thing_status: 0, thing_note: "Discontinued" });
    await typeNameAndSave("Kettle Pro");
    const panel = await screen.findByRole("region", { name: "Someone else changed this record" });
    fireEvent.click(within(panel).getByRole("button", { name: "Apply my changes on top" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/things"));
    expect(puts()[1]).toEqual({
      method: "PUT",
      path: "things/1",
      ifMatch: '"4"',
      // The name is this admin's; the note and the status are the other admin's, kept.
      body: { thing_name: "Kettle Pro", thing_note: "Discontinued", thing_status: 0 },
    });
    expect(stored).toMatchObject({ thing_name: "Kettle Pro", thing_status: 0, version: 5 });
  });

  it("shows the panel again when applying meets yet another change", async () => {
    renderWithServer(<ThingForm />);
    const input = await screen.findByLabelText("Thing Name");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe("Kettle"));
    otherAdminSaves({ thing_note: "First" });
    await typeNameAndSave("Kettle Pro");
    const panel = await screen.findByRole("region", { name: "Someone else changed this record" });
    // Another save lands between the reload and the apply: the fake server moves on at the GET.
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementationOnce(async (url, init) => {
      const response = await answer?.(url, init);
      otherAdminSaves({ thing_note: "Second" });
      return response as Response;
    });
    fireEvent.click(within(panel).getByRole("button", { name: "Apply my changes on top" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.ifMatch).toBe('"4"');
    const again = await screen.findByRole("region", { name: "Someone else changed this record" });
    expect(within(again).getByText("Second")).toBeTruthy();
    expect((screen.getByLabelText("Thing Name") as HTMLInputElement).value).toBe("Kettle Pro");
  });
});

describe("ApiError of a 412", () => {
  it("exposes the body: the version now, who, when and the changes", async () => {
    otherAdminSaves({ thing_name: "Other" });
    const { api } = await import("../src/api/client");
    const error = await api
      .put("things/1", { thing_name: "Mine" }, 3)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(412);
    expect((error as ApiError).conflict).toEqual({
      message: "This record was changed by someone else.",
      version: 4,
      changed_by: "admin2",
      changed_at: "2026-11-26 14:05:00",
      changes: [{ field: "thing_name", was: "Kettle", now: "Other" }],
    });
  });
});

/** A list of the one thing: its status switch, Delete and the bulk bar. */
function ThingList() {
  const list = useListState({});
  const { data } = things.useList(list.params);
  const bulk = things.useBulk();
  const remove = things.useRemove();
  const deleteDialog = useDeleteDialog<Thing>({
    remove,
    idOf: (t) => t.thing_id,
    nameOf: (t) => t.thing_name,
    question: (t) => `Delete ${t.thing_name}?`,
  });
  const idOf = (t: Thing) => t.thing_id;
  const nameOf = (t: Thing) => t.thing_name;
  return (
    <>
      <DataTable
        list={list}
        page={data}
        loading={!data}
        rowKey={idOf}
        columns={[
          { header: "Name", cell: nameOf },
          statusColumn({
            field: "thing_status",
            of: (t) => t.thing_status,
            idOf,
            nameOf,
            run: bulk,
          }),
          {
            header: "Actions",
            cell: (t) => (
              <button type="button" onClick={() => deleteDialog.ask(t)}>
                {`Delete ${t.thing_name}`}
              </button>
            ),
          },
        ]}
        bulk={{
          idOf,
          nameOf,
          noun: { one: "thing", many: "things" },
          actions: statusActions,
          run: bulk,
        }}
      />
      {deleteDialog.dialog}
    </>
  );
}

function renderList() {
  // A browser router: the list checks the window's address (useListState).
  window.history.replaceState(null, "", "/things");
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 10_000 } },
  });
  const router = createBrowserRouter([{ path: "/things", element: <ThingList /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("a list's row switch, delete and bulk action with the version each row is shown with", () => {
  it("the row switch sends its row's version; a row changed meanwhile is named and shown afresh", async () => {
    renderList();
    const toggle = await screen.findByRole("switch", { name: "Status of Kettle" });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.path === "things/bulk")).toBe(true));
    expect(calls.find((c) => c.path === "things/bulk")?.body).toEqual({
      action: "deactivate",
      ids: [1],
      versions: { "1": 3 },
    });
    await waitFor(() =>
      expect(
        (screen.getByRole("switch", { name: "Status of Kettle" }) as HTMLInputElement).checked,
      ).toBe(false),
    );

    // Another admin activates it again; this list still shows version 4, inactive.
    otherAdminSaves({ thing_status: 1 });
    fireEvent.click(screen.getByRole("switch", { name: "Status of Kettle" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        "Kettle was changed by someone else; the list now shows it as it is.",
      ]),
    );
    expect(calls.filter((c) => c.path === "things/bulk").at(-1)?.body).toMatchObject({
      action: "activate",
      versions: { "1": 4 },
    });
    // Refreshed: the row shows what the other admin made it.
    await waitFor(() =>
      expect(
        (screen.getByRole("switch", { name: "Status of Kettle" }) as HTMLInputElement).checked,
      ).toBe(true),
    );
  });

  it("Delete sends If-Match; a 412 names the row instead of the server's message", async () => {
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Kettle" }));
    otherAdminSaves({ thing_note: "Changed" });
    const dialog = await screen.findByRole("dialog");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    });
    await waitFor(() =>
      expect(toasts).toEqual([
        "Kettle was changed by someone else; the list now shows it as it is.",
      ]),
    );
    expect(calls.find((c) => c.method === "DELETE")).toMatchObject({
      path: "things/1",
      ifMatch: '"3"',
    });
  });

  it("a bulk action sends the chosen rows' versions and names a stale row in its results", async () => {
    renderList();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Kettle" }));
    otherAdminSaves({ thing_note: "Changed" });
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    fireEvent.click(within(bar).getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await screen.findByText("0 of 1 succeeded.");
    expect(calls.find((c) => c.path === "things/bulk")?.body).toEqual({
      action: "deactivate",
      ids: [1],
      versions: { "1": 3 },
    });
    expect(screen.getByRole("list", { name: "Failures" }).textContent).toBe(
      "Kettle was changed by someone else; the list now shows it as it is.",
    );
  });
});
