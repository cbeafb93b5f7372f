import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useMemo, useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "../src/api/client";
import { Field } from "../src/components/Field";
import { RecordForm, useRecordForm } from "../src/components/useRecordForm";

afterEach(cleanup);

const noteSchema = (min: number) =>
  z.object({ note: z.string().trim().min(min, `Note needs at least ${min} characters.`) });
const schema = noteSchema(3);
type Values = z.input<typeof schema>;
/** A loader made once, as the login page's: a new one each render would load again. */
const loadSchema3 = async () => schema;

/** A dialog's form on the shared pattern: no record screen, so no listRoute. */
function DialogForm({
  save,
  loadSchema = false,
  min = 3,
}: {
  save: (values: Values) => Promise<unknown>;
  loadSchema?: boolean;
  /** A rule that changes while the form is drawn (as a coupon's saved expiry arrives). */
  min?: number;
}) {
  const [saved, setSaved] = useState("");
  const ruled = useMemo(() => noteSchema(min), [min]);
  const form = useRecordForm<Values, Values>({
    // The login form's way: the schema given by a loader.
    schema: loadSchema ? loadSchema3 : ruled,
    defaults: { note: "" },
    conflictField: "note",
    save,
    onSaved: (_result, values) => setSaved(values.note),
  });
  return (
    <RecordForm form={form}>
      <Field name="note" id="dialog-note" label="Note" />
      <button type="submit">Confirm</button>
      <p>{saved && `Saved: ${saved}`}</p>
    </RecordForm>
  );
}

function renderDialog(save: (values: Values) => Promise<unknown>, loadSchema = false) {
  const router = createMemoryRouter(
    [{ path: "*", element: <DialogForm save={save} loadSchema={loadSchema} /> }],
    { initialEntries: ["/userWallets/statement"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The form drawn with one rule, then with another, as a record that changes a rule arrives. */
function RuleChange({ save }: { save: (values: Values) => Promise<unknown> }) {
  const [min, setMin] = useState(5);
  return (
    <>
      <button type="button" onClick={() => setMin(1)}>
        Loaded
      </button>
      <DialogForm save={save} min={min} />
    </>
  );
}

describe("a form with no record (a dialog, the login form)", () => {
  it("saves and stays where it is, its values kept", async () => {
    const sent: Values[] = [];
    const router = renderDialog(async (values) => sent.push(values));
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: " Bank returned " } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByText("Saved: Bank returned");
    expect(sent).toEqual([{ note: "Bank returned" }]);
    expect(router.state.location.pathname).toBe("/userWallets/statement");
  });

  it("says a refusal under the field, tied to it, and announces it once", async () => {
    renderDialog(async () => {
      throw new ApiError(409, "The balance cannot go below zero.");
    });
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "Too much" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    });
    const note = screen.getByLabelText("Note");
    await waitFor(() => expect(note.getAttribute("aria-invalid")).toBe("true"));
    expect(note.getAttribute("aria-describedby")).toBe("dialog-note-error");
    expect(document.getElementById("dialog-note-error")?.textContent).toBe(
      "The balance cannot go below zero.",
    );
    expect(screen.getByRole("status").textContent?.trim()).toBe("1 field needs correcting.");
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
  });

  it("checks with a schema given by a loader as with the schema itself", async () => {
    const sent: Values[] = [];
    renderDialog(async (values) => sent.push(values), true);
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: " ab " } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    });
    await waitFor(() =>
      expect(document.getElementById("dialog-note-error")?.textContent).toBe(
        "Note needs at least 3 characters.",
      ),
    );
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: " abc " } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByText("Saved: abc");
    expect(sent).toEqual([{ note: "abc" }]);
  });

  it("checks with the schema of the latest render (a rule that hangs on the loaded record)", async () => {
    const sent: Values[] = [];
    const router = createMemoryRouter([
      { path: "*", element: <RuleChange save={async (values) => sent.push(values)} /> },
    ]);
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole("button", { name: "Loaded" }));
    fireEvent.change(screen.getByLabelText("Note"), { target: { value: "ab" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByText("Saved: ab");
    expect(sent).toEqual([{ note: "ab" }]);
  });
});
