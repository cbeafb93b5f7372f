import { type Cp58YearStatements, cp58Run, cp58YearStatements, type Job } from "@store/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { setLanguage } from "../src/i18n/index";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// The CP58 screen (docs/decisions/cp58.md): the real App against a small fake
// server whose answers are parsed by the contract's own schemas.

const LOADED = { timeout: 5000 };
const YEAR = new Date().getFullYear() - 1;

const job = (status: Job["status"], done: number, total: number): Job => ({
  job_id: 9,
  kind: "cp58.make",
  key: `${YEAR}:x`,
  status,
  tries: 1,
  max_tries: 3,
  run_at: "2026-01-05 10:00:00",
  started_at: "2026-01-05 10:00:00",
  finished_at: status === "done" ? "2026-01-05 10:00:05" : null,
  last_error: null,
  progress: { done, total },
  created_at: "2026-01-05 10:00:00",
});

const statement = (n: number, total: string) => ({
  user_id: n,
  username: `member${n}`,
  name: `Member ${n}`,
  commissions: total,
  incentives: "0.00",
  in_kind: "0.00",
  total,
  made_at: "2026-01-05 10:00:05",
});

const yearOf = (more: Partial<Cp58YearStatements>): Cp58YearStatements =>
  cp58YearStatements.parse({
    year: YEAR,
    ended: true,
    members: 0,
    total: "0.00",
    job: null,
    statements: [],
    ...more,
  });

const MADE = yearOf({
  members: 2,
  total: "12000.01",
  job: job("done", 1, 1),
  statements: [statement(1, "5000.01"), statement(2, "7000.00")],
});

let shown: Cp58YearStatements;
const sent: string[] = [];
const toasts: string[] = [];
let unsubscribe: () => void;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function fakeServer(url: string, init?: RequestInit): Response {
  const path = url.replace(/^\/api\//, "");
  const method = init?.method ?? "GET";
  sent.push(`${method} ${path}`);
  if (path === `cp58/${YEAR}` && method === "POST") {
    const run = cp58Run.parse({ year: YEAR, job: job("queued", 0, 0) });
    shown = MADE;
    return json(run, 202);
  }
  if (path === `cp58/${YEAR}`) return json(shown);
  if (path.startsWith("cp58/")) return json(yearOf({ year: Number(path.slice(5)) }));
  if (path === `users/1/cp58?year=${YEAR}`)
    return new Response("%PDF-1.3", {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="CP58-${YEAR}-member1.pdf"`,
      },
    });
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  return json({ message: "Not found." }, 404);
}

beforeEach(() => {
  shown = yearOf({});
  sent.length = 0;
  toasts.length = 0;
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => fakeServer(url, init)),
  );
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:cp58", revokeObjectURL: () => {} }),
  );
});

afterEach(async () => {
  cleanup();
  unsubscribe();
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

describe("the CP58 screen", () => {
  it("runs the last year and lists each member's statement with the year's total, each to download", async () => {
    signInAs();
    openApp("/taxStatements");
    expect(await screen.findByText("Not run for this year yet.", {}, LOADED)).toBeTruthy();
    expect(screen.getByRole("table", { name: "Statements: 0, in all RM 0.00" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Run for the year" }));
    });
    await waitFor(() => expect(toasts).toContain(`The CP58 run for ${YEAR} has started.`));
    expect(sent).toContain(`POST cp58/${YEAR}`);
    const table = await screen.findByRole("table", { name: "Statements: 2, in all RM 12,000.01" });
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["member1", "Member 1", "RM 5,000.01", "RM 0.00", "RM 0.00", "RM 5,000.01", "PDF"]);
    await act(async () => {
      fireEvent.click(within(table).getByRole("button", { name: "Download the CP58 of member1" }));
    });
    await waitFor(() => expect(toasts).toContain(`CP58-${YEAR}-member1.pdf downloaded.`));
    expect(await axeProblems()).toEqual([]);
  });

  it("shows a run under way with its progress and offers no second run meanwhile", async () => {
    shown = yearOf({ job: job("running", 1, 4) });
    signInAs();
    openApp("/taxStatements");
    expect(
      await screen.findByRole("progressbar", { name: "Making the statements… 1 of 4" }, LOADED),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run for the year" }).hasAttribute("disabled")).toBe(
      true,
    );
  });

  it("offers neither the run nor the PDFs to a person who may only view payouts", async () => {
    shown = MADE;
    signInAs(["payouts:view"], { role: "Staff" });
    openApp("/taxStatements");
    await screen.findByRole("table", { name: "Statements: 2, in all RM 12,000.01" }, LOADED);
    expect(screen.queryByRole("button", { name: "Run for the year" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Download the CP58/ })).toBeNull();
  });
});
