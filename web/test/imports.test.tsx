import {
  IMPORT_KINDS,
  IMPORT_PERMISSION,
  type ImportError,
  type ImportRecord,
  importCheck,
  importRecord,
} from "@store/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n/index";
import { imports } from "../src/resources/imports";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// The /import screen (issue 43, docs/decisions/imports.md): the real App against a
// small fake server whose answers are parsed by the contract's own schemas.

const LOADED = { timeout: 5000 };

const BAD_ROW: ImportError = {
  row: 3,
  column: "category",
  message: 'There is no category "Minuman Sejuk".',
  code: "import_unknown_category",
  params: { name: "Minuman Sejuk" },
};
const MISSING: ImportError = {
  row: 4,
  column: "category",
  message: "Category is required.",
  code: "required",
  params: { field: "category" },
};

const record = (more: Partial<ImportRecord>): ImportRecord =>
  importRecord.parse({
    import_id: 5,
    kind: "products",
    file_name: "products.xlsx",
    status: "done",
    rows: 3,
    created: 2,
    updated: 1,
    errors: [],
    job_id: null,
    created_by: "admin",
    created_at: "2026-03-01 10:00:00",
    finished_at: "2026-03-01 10:00:01",
    ...more,
  });

/** What the fake server answers: a file's text decides its rows ("bad", "big", else clean). */
let polls = 0;
const sent: string[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fakeServer(url: string, init?: RequestInit): Promise<Response> {
  const path = url.replace(/^\/api\//, "");
  const method = init?.method ?? "GET";
  sent.push(`${method} ${path}`);
  if (path.startsWith("imports?") && method === "POST") {
    const file = (init?.body as FormData | undefined)?.get("file") as File;
    const text = await file.text();
    const kind = new URLSearchParams(path.slice("imports?".length)).get("kind") ?? "";
    const errors = text.includes("bad") ? [BAD_ROW, MISSING] : [];
    // "later bad": the store changed between the check and the apply (a category deleted).
    if (path.includes("dry_run=1") && text.includes("later"))
      return json(
        importCheck.parse({ dry_run: true, kind, rows: 3, create: 3, update: 0, errors: [] }),
      );
    if (path.includes("dry_run=1"))
      return json(
        importCheck.parse({ dry_run: true, kind, rows: 3, create: 2, update: 1, errors }),
      );
    if (errors.length > 0)
      return json(
        {
          message: "The file has 2 bad rows.",
          code: "import_invalid",
          params: { count: 2 },
          errors,
        },
        400,
      );
    if (text.includes("big"))
      return json(
        record({
          kind: kind as ImportRecord["kind"],
          status: "running",
          rows: 3000,
          created: 0,
          updated: 0,
          job_id: 9,
          finished_at: null,
        }),
        202,
      );
    return json(record({ kind: kind as ImportRecord["kind"] }));
  }
  if (path === "imports/5") {
    polls += 1;
    return json(
      polls < 2
        ? record({
            kind: "members",
            status: "running",
            rows: 3000,
            created: 1000,
            updated: 0,
            job_id: 9,
            finished_at: null,
          })
        : record({ kind: "members", rows: 3000, created: 2990, updated: 10, job_id: 9 }),
    );
  }
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  return json({ message: "Not found." }, 404);
}

beforeEach(() => {
  polls = 0;
  sent.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => fakeServer(url, init)),
  );
});

afterEach(async () => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

/** axe-core's serious and critical findings on the screen (colour is not drawn here). */
async function axeProblems(): Promise<string[]> {
  const result = await axe.run(screen.getByRole("main"), {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => o.textContent);

function chooseFile(text: string, name = "products.xlsx") {
  const input = screen.getByLabelText("File (.xlsx or .csv)");
  fireEvent.change(input, { target: { files: [new File([text], name)] } });
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

async function click(name: string) {
  await act(async () => {
    fireEvent.click(button(name));
  });
}

describe("the import screen", () => {
  it("is opened by anyone who may import some kind, and offers only those kinds", async () => {
    // The screen and its sidebar entry need any one of the kinds' permissions.
    expect(imports.list.permission).toEqual(
      expect.arrayContaining(IMPORT_KINDS.map((k) => IMPORT_PERMISSION[k])),
    );
    signInAs(["members:manage"], { role: "Staff" });
    openApp("/import");
    const kind = await screen.findByLabelText("What to import", {}, LOADED);
    expect(optionsOf(kind)).toEqual(["Member accounts"]);
    expect(
      within(screen.getByRole("navigation", { name: "Sidebar" })).getByRole("link", {
        name: "Import",
      }),
    ).toBeTruthy();
    // The kind's columns, required ones said so, with the template's example.
    const columns = screen.getByRole("table", { name: "Columns of the file" });
    const email = within(columns).getByRole("row", { name: /^email/ });
    expect(
      within(email)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["email", "E-mail", "Required", "aminah@example.my"]);
    expect(screen.getByRole("link", { name: "Template (Excel)" }).getAttribute("href")).toBe(
      "/api/imports/template?kind=members&_format=xlsx&lang=en",
    );
    cleanup();

    signInAs(["catalog:manage"], { role: "Staff" });
    openApp("/import");
    expect(optionsOf(await screen.findByLabelText("What to import", {}, LOADED))).toEqual([
      "Products and variants",
      "Stock counts",
    ]);
    cleanup();

    signInAs(["orders:manage"], { role: "Staff" });
    openApp("/import");
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: "You do not have access to this page" },
        LOADED,
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("navigation", { name: "Sidebar" })).queryByRole("link", {
        name: "Import",
      }),
    ).toBeNull();
  });

  it("names every bad row of a dry run in a table, and imports only after a clean check of the same file", async () => {
    signInAs();
    openApp("/import");
    await screen.findByLabelText("What to import", {}, LOADED);
    expect(button("Check file").disabled).toBe(true);
    expect(button("Import").disabled).toBe(true);

    chooseFile("sku,category\nbad");
    await click("Check file");
    const errors = await screen.findByRole("table", { name: "Rows to fix: 2" });
    expect(
      within(errors)
        .getAllByRole("row")
        .map((r) =>
          within(r)
            .queryAllByRole("cell")
            .map((c) => c.textContent),
        ),
    ).toEqual([
      [],
      ["3", "Category", 'There is no category "Minuman Sejuk".'],
      ["4", "Category", "Category is required."],
    ]);
    expect(screen.getByText("3 rows: 2 to create, 1 to update.")).toBeTruthy();
    expect(button("Import").disabled).toBe(true);
    expect(sent.filter((s) => s.startsWith("POST"))).toEqual([
      "POST imports?kind=products&dry_run=1",
    ]);
    expect(await axeProblems()).toEqual([]);

    // The fixed file checks clean: Import is offered, for that file only.
    chooseFile("sku,category\nfixed");
    expect(screen.queryByRole("table", { name: /^Rows to fix/ })).toBeNull();
    await click("Check file");
    await screen.findByText("3 rows: 2 to create, 1 to update.");
    expect(screen.queryByRole("table", { name: /^Rows to fix/ })).toBeNull();
    expect(button("Import").disabled).toBe(false);
    chooseFile("sku,category\nfixed again");
    expect(button("Import").disabled).toBe(true);
    await click("Check file");
    await waitFor(() => expect(button("Import").disabled).toBe(false));

    await click("Import");
    expect(await screen.findByText("Imported: 2 created, 1 updated.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the products" }).getAttribute("href")).toBe(
      "/products",
    );
    expect(sent).toContain("POST imports?kind=products");
    // Applied once: a second Import needs a new check.
    expect(button("Import").disabled).toBe(true);
  });

  it("shows a refused apply's rows, and a large file's job until it is done", async () => {
    signInAs();
    openApp("/import");
    await screen.findByLabelText("What to import", {}, LOADED);
    chooseFile("later bad");
    await click("Check file");
    await screen.findByText("3 rows: 3 to create, 0 to update.");
    await click("Import");
    const refused = await screen.findByRole("table", { name: "Rows to fix: 2" });
    expect(within(refused).getAllByRole("row")[1]?.textContent).toBe(
      "3Category" + 'There is no category "Minuman Sejuk".',
    );
    expect(screen.queryByText(/^Imported/)).toBeNull();
    expect(button("Import").disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("What to import"), { target: { value: "members" } });
    chooseFile("email\nbig", "members.csv");
    await click("Check file");
    await waitFor(() => expect(button("Import").disabled).toBe(false));
    await click("Import");
    expect(
      await screen.findByRole("progressbar", { name: "Importing… 1000 of 3000" }, LOADED),
    ).toBeTruthy();
    expect(await screen.findByText("Imported: 2990 created, 10 updated.", {}, LOADED)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the users" }).getAttribute("href")).toBe(
      "/users",
    );
    expect(sent).toContain("GET imports/5");
  });

  it("speaks Malay: the screen's words and each row's message by its code", async () => {
    signInAs();
    await setLanguage("ms");
    openApp("/import");
    const kind = await screen.findByLabelText("Apa yang hendak diimport", {}, LOADED);
    expect(optionsOf(kind)[0]).toBe("Produk dan varian");
    expect(screen.getByRole("link", { name: "Templat (Excel)" }).getAttribute("href")).toBe(
      "/api/imports/template?kind=products&_format=xlsx&lang=ms",
    );
    fireEvent.change(screen.getByLabelText("Fail (.xlsx atau .csv)"), {
      target: { files: [new File(["bad"], "produk.csv")] },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Semak fail" }));
    });
    const errors = await screen.findByRole("table", { name: "Baris untuk dibetulkan: 2" });
    expect(within(errors).getByRole("columnheader", { name: "Baris" })).toBeTruthy();
    expect(within(errors).getAllByRole("row")[2]?.textContent).toBe(
      "4Kategorikategori diperlukan.",
    );
    expect(screen.getByText("3 baris: 2 akan dicipta, 1 akan dikemas kini.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Import" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
