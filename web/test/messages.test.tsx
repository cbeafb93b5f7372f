import type { Message, MessageTemplate } from "@store/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { forgetListViews } from "../src/components/useListState";
import { setLanguage } from "../src/i18n/index";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// /messages and /messageTemplates (issue 41): the real App against a small fake
// server: the outbox with Resend after a confirmation, and a template edited
// with its values inserted, previewed, refused for an unknown value and saved.

/** A screen's code is loaded lazily: on a busy machine it takes more than the default second. */
const LOADED = { timeout: 5000 };

const base: Message = {
  message_id: 1,
  event: "order_shipped",
  recipient: "aisyah@example.my",
  user_id: 7,
  language: "ms",
  subject: "Pesanan ORD-1 sedang dihantar",
  status: "failed",
  tries: 9,
  last_error: "connect ECONNREFUSED 10.0.0.5:587",
  created_at: "2026-11-30 09:00:00",
  sent_at: null,
  smtp_message_id: "<a@store>",
  version: 3,
};

const template: MessageTemplate = {
  event: "order_confirmed",
  language: "en",
  subject: "Your order {{order_number}} is confirmed",
  body: "Dear {{name}},\n\nThank you.",
  variables: ["store_name", "name", "order_number", "total"],
  edited: false,
  version: 1,
  updated_at: null,
};

let rows: Message[];
let templates: MessageTemplate[];
let toasts: string[];
let unsubscribe: () => void;
const calls: { method: string; path: string; body: unknown; ifMatch: string | null }[] = [];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/** Draws like the server: each {{name}} by an example, a name the event has not refused. */
function draw(t: MessageTemplate, input: { subject: string; body: string }) {
  const values: Record<string, string> = {
    name: "Aisyah",
    order_number: "ORD-9",
    total: "RM 10.00",
  };
  for (const [, name] of `${input.subject} ${input.body}`.matchAll(/\{\{(\w+)\}\}/g)) {
    if (!t.variables.includes(name ?? ""))
      return json(
        {
          message: `Body names {{${name}}}, which this message does not offer.`,
          code: "unknown_variable",
          params: { name, allowed: t.variables.join(", ") },
        },
        400,
      );
  }
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, n: string) => values[n] ?? "");
  return json({
    subject: fill(input.subject),
    html: `<p>${fill(input.body)}</p>`,
    text: fill(input.body),
  });
}

beforeEach(() => {
  calls.length = 0;
  toasts = [];
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  rows = [{ ...base }, { ...base, message_id: 2, status: "queued", tries: 0, last_error: null }];
  templates = [
    { ...template },
    { ...template, language: "ms", subject: "Pesanan {{order_number}}" },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api\//, "").split("?")[0] ?? "";
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers = new Headers(init?.headers);
      if (method !== "GET") calls.push({ method, path, body, ifMatch: headers.get("if-match") });
      const resend = /^messages\/(\d+)\/resend$/.exec(path);
      if (resend) {
        const row = rows.find((r) => r.message_id === Number(resend[1]));
        if (!row) return json({ message: "Not found." }, 404);
        Object.assign(row, {
          status: "queued",
          tries: 0,
          last_error: null,
          version: row.version + 1,
        });
        return json(row);
      }
      const one = /^messageTemplates\/(\w+)\/(\w+)(?:\/(\w+))?$/.exec(path);
      if (one) {
        const t = templates.find((x) => x.event === one[1] && x.language === one[2]);
        if (!t) return json({ message: "Not found." }, 404);
        if (one[3] === "preview") return draw(t, body);
        if (method === "PUT") {
          const refused = draw(t, body);
          if (refused.status !== 200) return refused;
          Object.assign(t, body, { edited: true, version: t.version + 1 });
          return json(t);
        }
      }
      if (path === "messages") return json(rows, 200, { "X-Total-Count": String(rows.length) });
      if (path === "messageTemplates") return json(templates);
      if (path === "me") return json(null);
      if (path === "notifications") return json([]);
      if (path === "storeIdentity") return json({ store_name: "" });
      return json({ message: "Not found." }, 404);
    }),
  );
});

afterEach(async () => {
  cleanup();
  unsubscribe();
  signOut();
  forgetListViews();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

async function messageRow(name: RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.getAllByRole("row", { name }).find((r) => r.closest("table.data-table"));
    if (!row) throw new Error(`no message row ${name}`);
    return row;
  }, LOADED);
}

describe("the messages screen", () => {
  it("lists each message's event in words, status, tries and error; Resend asks first, then queues it again", async () => {
    signInAs(["messages:manage"], { role: "Staff" });
    openApp("/messages");
    const failed = await messageRow(/ECONNREFUSED/);
    expect(within(failed).getByText("Order shipped")).toBeTruthy();
    expect(within(failed).getByText("Failed")).toBeTruthy();
    expect(within(failed).getByText("Bahasa Melayu")).toBeTruthy();
    // A queued one waits already: nothing to resend.
    expect(screen.queryByRole("button", { name: "Resend message #2" })).toBeNull();

    fireEvent.click(within(failed).getByRole("button", { name: "Resend message #1" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain(
      "Send “Pesanan ORD-1 sedang dihantar” to aisyah@example.my again?",
    );
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Resend" }));
    await waitFor(() =>
      expect(calls).toEqual([
        { method: "POST", path: "messages/1/resend", body: undefined, ifMatch: '"3"' },
      ]),
    );
    await waitFor(() =>
      expect(toasts).toContain("Message #1 to aisyah@example.my is queued again."),
    );
  });

  it("offers no Resend to a person who may only view messages", async () => {
    signInAs(["messages:view"], { role: "Staff" });
    openApp("/messages");
    await messageRow(/ECONNREFUSED/);
    expect(screen.queryByRole("button", { name: /^Resend message/ })).toBeNull();
  });

  it("names the events in Malay", async () => {
    await setLanguage("ms");
    signInAs(["messages:view"], { role: "Staff" });
    openApp("/messages");
    expect(within(await messageRow(/ECONNREFUSED/)).getByText("Pesanan dihantar")).toBeTruthy();
  });
});

describe("the message templates screen", () => {
  it("inserts a value, previews the unsaved text, shows an unknown value under its field, and saves with If-Match", async () => {
    signInAs(["messages:manage"], { role: "Staff" });
    openApp("/messageTemplates");
    const body = (await screen.findByLabelText("Body", {}, LOADED)) as HTMLTextAreaElement;
    expect(body.value).toBe("Dear {{name}},\n\nThank you.");
    // The preview of the saved text, with the example values, in a sandboxed frame.
    await waitFor(() =>
      expect(screen.getByTestId("preview-subject").textContent).toBe(
        "Your order ORD-9 is confirmed",
      ),
    );
    const frame = screen.getByTitle("Preview of the e-mail");
    expect(frame.getAttribute("sandbox")).toBe("");

    // A chip puts {{total}} where the cursor is (the end of the body here).
    fireEvent.focus(body);
    body.setSelectionRange(body.value.length, body.value.length);
    fireEvent.click(screen.getByRole("button", { name: "Insert total" }));
    await waitFor(() => expect(body.value).toBe("Dear {{name}},\n\nThank you.{{total}}"));
    await waitFor(() =>
      expect(screen.getByTestId("preview-text").textContent).toContain("Thank you.RM 10.00"),
    );

    // A name the event has not: said under the body, and not saved.
    fireEvent.change(body, { target: { value: "Dear {{nama}}" } });
    await waitFor(() => expect(body.getAttribute("aria-describedby")).toMatch(/error/));
    expect(body.classList.contains("is-invalid")).toBe(true);

    fireEvent.change(body, { target: { value: "Hello {{name}}, total {{total}}." } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PUT")).toEqual([
        {
          method: "PUT",
          path: "messageTemplates/order_confirmed/en",
          body: {
            subject: "Your order {{order_number}} is confirmed",
            body: "Hello {{name}}, total {{total}}.",
          },
          ifMatch: '"1"',
        },
      ]),
    );
    await waitFor(() =>
      expect(toasts).toContain("The Order confirmed message in English is saved."),
    );
  });

  it("opens another language's text, read only for a person who may only view", async () => {
    signInAs(["messages:view"], { role: "Staff" });
    openApp("/messageTemplates");
    await screen.findByLabelText("Body", {}, LOADED);
    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), {
      target: { value: "ms" },
    });
    await waitFor(() =>
      expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe(
        "Pesanan {{order_number}}",
      ),
    );
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Send me a test" })).toBeNull();
    expect(
      (screen.getByLabelText("Subject") as HTMLInputElement).closest("fieldset")?.disabled,
    ).toBe(true);
  });
});
