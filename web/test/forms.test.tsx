import { type BrandInput, brandInput } from "@store/contract";
import ms from "@store/i18n/ms.json";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../src/api/client";
import { fieldChanges } from "../src/components/AuditChanges";
import { Field } from "../src/components/Field";
import { type TypeaheadPage, TypeaheadSelect } from "../src/components/TypeaheadSelect";
import { countErrors, RecordForm, useRecordForm } from "../src/components/useRecordForm";
import { setLanguage } from "../src/i18n/index";

afterEach(cleanup);

const schema = z.object({
  name: z.string().trim().min(1, "Name is required."),
  code: z.string().trim().min(1, "Code is required."),
});
type Values = z.input<typeof schema>;

/** A small form on the pattern; `save` decides what the server answers. */
function TestForm({ save }: { save: (values: Values) => Promise<unknown> }) {
  const form = useRecordForm<Values, Values>({
    schema,
    defaults: { name: "", code: "" },
    listRoute: "/list",
    save,
    onSaved: () => {},
  });
  return (
    <RecordForm form={form}>
      <Field name="name" label="Name" hint="As on the label." />
      <Field name="code" label="Code" />
      <button type="submit">Save</button>
    </RecordForm>
  );
}

function renderForm(save: (values: Values) => Promise<unknown>) {
  const router = createBrowserRouter([{ path: "*", element: <TestForm save={save} /> }]);
  render(<RouterProvider router={router} />);
}

describe("the record form", () => {
  it("ties each message to its field, marks it invalid and announces the count once", async () => {
    renderForm(async () => undefined);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const name = await screen.findByLabelText("Name");
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(name.getAttribute("aria-describedby")).toBe("name-hint name-error");
    expect(document.getElementById("name-error")?.textContent).toBe("Name is required.");
    expect(screen.getByRole("status").textContent?.trim()).toBe("2 fields need correcting.");
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
  });

  it("puts a 400's issues on the fields they name, and leaves the toast to unknown ones", async () => {
    const refused = new ApiError(400, "Invalid input.", [
      { path: "code", message: "Code is taken." },
    ]);
    renderForm(async () => {
      throw refused;
    });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Kettle" } });
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "K1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(document.getElementById("code-error")?.textContent).toBe("Code is taken."),
    );
    expect(screen.getByLabelText("Code").getAttribute("aria-invalid")).toBe("true");
    expect(refused.shownOnFields).toBe(true);
    expect(screen.getByRole("status").textContent?.trim()).toBe("1 field needs correcting.");

    const elsewhere = new ApiError(400, "Invalid input.", [{ path: "owner", message: "No." }]);
    cleanup();
    renderForm(async () => {
      throw elsewhere;
    });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Kettle" } });
    fireEvent.change(screen.getByLabelText("Code"), { target: { value: "K1" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(elsewhere.shownOnFields).toBe(false));
  });

  it("counts nested messages once each", () => {
    expect(
      countErrors({
        name: { type: "min", message: "x" },
        variants: [undefined, { variant_name: { type: "min", message: "y" } }],
      }),
    ).toBe(2);
  });
});

describe("fieldChanges", () => {
  it("lists only the fields that differ, a create from nothing", () => {
    expect(
      fieldChanges(
        { normal_price: "10.00", product_name: "Kettle", updated_at: "a" },
        { normal_price: "12.50", product_name: "Kettle", updated_at: "b" },
      ),
    ).toEqual([{ field: "normal_price", before: "10.00", after: "12.50" }]);
    expect(fieldChanges(null, { brand_name: "Acme" })).toEqual([
      { field: "brand_name", before: undefined, after: "Acme" },
    ]);
  });
});

describe("TypeaheadSelect", () => {
  const people = Array.from({ length: 45 }, (_, i) => `user${String(i).padStart(2, "0")}`);
  const asked: { q: string; page: number }[] = [];
  const fetchPage = async (q: string, page: number): Promise<TypeaheadPage> => {
    asked.push({ q, page });
    const matching = people.filter((p) => p.includes(q));
    return {
      options: matching.slice((page - 1) * 20, page * 20).map((p) => ({ value: p, label: p })),
      total: matching.length,
    };
  };

  function Harness() {
    return (
      <QueryClientProvider client={new QueryClient()}>
        <label htmlFor="who">Who</label>
        <TypeaheadSelect
          id="who"
          value=""
          onChange={(v) => {
            chosen = v;
          }}
          fetchPage={fetchPage}
          queryKey={["people"]}
          fixedOptions={[{ value: "0", label: "None" }]}
        />
      </QueryClientProvider>
    );
  }
  let chosen = "";

  it("opens from the keyboard, moves with the arrows, asks the next page at the end", async () => {
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Who" });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(input.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(21));
    expect(asked).toEqual([{ q: "", page: 1 }]);
    fireEvent.keyDown(input, { key: "End" });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(41));
    expect(asked.at(-1)).toEqual({ q: "", page: 2 });
    fireEvent.keyDown(input, { key: "Home" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    const active = input.getAttribute("aria-activedescendant") ?? "";
    expect(document.getElementById(active)?.textContent).toBe("user00");
    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(chosen).toBe("user00");
    expect(input.getAttribute("aria-expanded")).toBe("false");
  });

  // The rules held over Downshift's defaults (docs/decisions/combobox-on-downshift.md).
  it("never picks on leaving, opens on a click, and leaves a closed Escape to the dialog", async () => {
    chosen = "";
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Who" });
    // Named by its own <label for>, the list by its aria-label: no reference to a missing label.
    expect(input.hasAttribute("aria-labelledby")).toBe(false);
    fireEvent.click(input);
    fireEvent.click(input);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("listbox", { name: "Matches" })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(21));
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(
      document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent,
    ).toBe("user00");
    // Tab to the next field with user00 highlighted: nothing is chosen.
    fireEvent.blur(input, { relatedTarget: document.body });
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(chosen).toBe("");
    // Enter with nothing highlighted keeps the list open and the form unsent.
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.change(input, { target: { value: "user0" } });
    expect(fireEvent.keyDown(input, { key: "Enter" })).toBe(false);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    // Escape closes the list and drops the typing; a second one is not ours to take.
    expect(fireEvent.keyDown(input, { key: "Escape" })).toBe(false);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect((input as HTMLInputElement).value).toBe("");
    expect(fireEvent.keyDown(input, { key: "Escape" })).toBe(true);
  });

  it("searches what is typed after a pause and picks an option with a click", async () => {
    chosen = "";
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Who" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "user4" } });
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "user40",
        "user41",
        "user42",
        "user43",
        "user44",
      ]),
    );
    expect(asked.at(-1)).toEqual({ q: "user4", page: 1 });
    expect(screen.getByRole("status").textContent).toBe("5 matches.");
    fireEvent.click(screen.getByRole("option", { name: "user42" }));
    expect(chosen).toBe("user42");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    // The label of the pick, not the typing, until the screen gives the value back.
    expect(input.value).toBe("");
  });

  // Its own words, which no screen hands it (the source check of i18n.test.ts cannot see them).
  it("says there is more, and that nothing matches, in the chosen language", async () => {
    await setLanguage("ms");
    try {
      render(<Harness />);
      const input = screen.getByRole("combobox", { name: "Who" });
      fireEvent.keyDown(input, { key: "ArrowDown" });
      await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(21));
      expect(screen.getByText(ms.texts["Scroll for more"])).toBeTruthy();
      expect(screen.queryByText("Scroll for more")).toBeNull();
      fireEvent.change(input, { target: { value: "nobody" } });
      await waitFor(() =>
        expect(screen.getByRole("status").textContent).toBe(ms.texts["No matches."]),
      );
    } finally {
      await setLanguage("en");
    }
  });
});

/** The contract's own schema on the form pattern, in the language chosen. */
function BrandForm({ save }: { save: () => Promise<unknown> }) {
  const form = useRecordForm<BrandInput, unknown>({
    schema: brandInput,
    defaults: { brand_name: "", brand_image: "", brand_status: 0 },
    listRoute: "/list",
    save,
    onSaved: () => {},
  });
  return (
    <RecordForm form={form}>
      <Field name="brand_name" label="Brand Name" />
      <button type="submit">{ms.texts.Save}</button>
    </RecordForm>
  );
}

describe("errors in the chosen language, by their code", () => {
  afterEach(() => setLanguage("en"));

  it("a field's own check and a server's issue read in Malay, and again in English on a switch", async () => {
    await setLanguage("ms");
    let answer: ApiError | undefined;
    const router = createBrowserRouter([
      {
        path: "*",
        element: (
          <BrandForm
            save={async () => {
              if (answer) throw answer;
            }}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole("button", { name: ms.texts.Save }));
    await waitFor(() =>
      expect(document.getElementById("brand_name-error")?.textContent).toBe(
        `${ms.recordFields.brand_name} diperlukan.`,
      ),
    );
    await act(() => setLanguage("en"));
    await waitFor(() =>
      expect(document.getElementById("brand_name-error")?.textContent).toBe(
        "Brand name is required.",
      ),
    );
    await act(() => setLanguage("ms"));
    // The server's answer carries code and params; its English is not read.
    answer = new ApiError(400, "Brand name must be at most 255 characters.", [
      {
        path: "brand_name",
        message: "Brand name must be at most 255 characters.",
        code: "too_long",
        params: { field: "brand_name", max: 1255 },
      },
    ]);
    fireEvent.change(screen.getByLabelText(ms.texts["Brand Name"]), { target: { value: "Acme" } });
    fireEvent.click(screen.getByRole("button", { name: ms.texts.Save }));
    await waitFor(() =>
      expect(document.getElementById("brand_name-error")?.textContent).toBe(
        `${ms.recordFields.brand_name} tidak boleh melebihi 1,255 aksara.`,
      ),
    );
  });
});
