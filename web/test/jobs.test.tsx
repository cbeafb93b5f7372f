import type { Job, JobSchedule } from "@store/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JOB_POLLING } from "../src/api/polling";
import { subscribeToasts } from "../src/components/toastStore";
import { forgetListViews } from "../src/components/useListState";
import { setLanguage } from "../src/i18n/index";
import { jobKindName, whenText } from "../src/pages/jobs/jobText";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// /jobs (issue 37): the real App, routed as in the browser, against a small
// fake server: the jobs with their state, the schedules, Retry and Cancel for
// a person who may manage jobs, and the list asked again while one runs.

/** A screen's code is loaded lazily: on a busy machine it takes more than the default second. */
const LOADED = { timeout: 5000 };

const base: Job = {
  job_id: 1,
  kind: "backup",
  key: "tick:2026-11-29T16:00:00.000Z",
  status: "failed",
  tries: 1,
  max_tries: 1,
  run_at: "2026-11-30 00:00:00",
  started_at: "2026-11-30 00:00:01",
  finished_at: "2026-11-30 00:00:02",
  last_error: "EEXIST: file already exists, mkdir '/srv/backups'",
  progress: { done: 0, total: 0 },
  created_at: "2026-11-30 00:00:00",
};

let rows: Job[];
let schedules: JobSchedule[];
let toasts: string[];
let unsubscribe: () => void;
const posted: string[] = [];

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

beforeEach(() => {
  posted.length = 0;
  toasts = [];
  unsubscribe = subscribeToasts((t) =>
    toasts.push(typeof t.text === "string" ? t.text : t.text.message),
  );
  rows = [
    base,
    {
      ...base,
      job_id: 2,
      kind: "reconcile",
      key: "run:2",
      status: "running",
      tries: 1,
      max_tries: 5,
      finished_at: null,
      last_error: null,
      progress: { done: 1, total: 4 },
    },
    { ...base, job_id: 3, kind: "mail.send", key: "m:9", status: "queued", tries: 0, max_tries: 5 },
  ];
  schedules = [
    {
      name: "uploads.sweep",
      cron: "0 * * * *",
      time_zone: "Asia/Kuala_Lumpur",
      next_run_at: "2026-11-30 01:00:00",
      last_run_at: null,
      last_status: null,
    },
    {
      name: "backup",
      cron: "every 24 h",
      time_zone: "Asia/Kuala_Lumpur",
      next_run_at: "2026-12-01 00:00:00",
      last_run_at: "2026-11-30 00:00:00",
      last_status: "failed",
    },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.replace(/^\/api\//, "").split("?")[0] ?? "";
      if (init?.method === "POST") {
        posted.push(path);
        const [, id, move] = path.split("/");
        const row = rows.find((r) => r.job_id === Number(id));
        if (!row) return json({ message: "Not found." }, 404);
        row.status = move === "retry" ? "queued" : "canceled";
        return json(row);
      }
      if (path === "jobs") return json(rows, 200, { "X-Total-Count": String(rows.length) });
      if (path === "jobSchedules") return json(schedules);
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

/** A row of the list of jobs (the schedules' table names kinds too). */
async function jobRow(name: RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.getAllByRole("row", { name }).find((r) => r.closest("table.data-table"));
    if (!row) throw new Error(`no job row ${name}`);
    return row;
  }, LOADED);
}

const jobCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith("/api/jobs?")).length;

describe("the jobs screen", () => {
  it("shows each job's kind in words, its tries, progress and whole error; the schedules under it", async () => {
    signInAs();
    openApp("/jobs");
    const failed = await jobRow(/Scheduled backup/);
    expect(within(failed).getByText("Failed")).toBeTruthy();
    expect(within(failed).getByText("1 / 1")).toBeTruthy();
    expect(
      within(failed).getByText("EEXIST: file already exists, mkdir '/srv/backups'"),
    ).toBeTruthy();
    const running = await jobRow(/Books balance check/);
    expect(within(running).getByRole("progressbar", { name: "1 of 4" })).toBeTruthy();
    // A kind the web does not know: as the server names it.
    expect(
      within(screen.getByRole("row", { name: /mail\.send/ })).getByText("Queued"),
    ).toBeTruthy();

    const table = within(await screen.findByTestId("job-schedules"));
    const sweep = table.getByRole("row", { name: /Sweep of unused images/ });
    expect(within(sweep).getByText("Every hour at minute 0")).toBeTruthy();
    expect(within(sweep).getByText("Not run yet")).toBeTruthy();
    const backup = table.getByRole("row", { name: /Scheduled backup/ });
    expect(within(backup).getByText("Every 24 h")).toBeTruthy();
    expect(within(backup).getByText("Failed")).toBeTruthy();
  });

  it("retries a failed job and cancels a queued one, each said, for a person who may manage jobs", async () => {
    signInAs(["jobs:manage"], { role: "Staff" });
    openApp("/jobs");
    fireEvent.click(await screen.findByRole("button", { name: "Retry job #1" }, LOADED));
    await waitFor(() => expect(posted).toEqual(["jobs/1/retry"]));
    await waitFor(() => expect(toasts).toContain("Job #1 (Scheduled backup) is queued again."));
    // Refreshed: the retried job is queued now, and may be canceled.
    fireEvent.click(await screen.findByRole("button", { name: "Cancel job #1" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Cancel job #1 (Scheduled backup)? It will not run.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel job" }));
    await waitFor(() => expect(posted).toEqual(["jobs/1/retry", "jobs/1/cancel"]));
    await waitFor(() => expect(toasts).toContain("Job #1 (Scheduled backup) canceled."));
  });

  it("offers no Retry or Cancel to a person who may only view jobs", async () => {
    signInAs(["jobs:view"], { role: "Staff" });
    openApp("/jobs");
    await jobRow(/Scheduled backup/);
    expect(screen.queryByRole("button", { name: /^Retry job/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Cancel job/ })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });

  it("asks for the list again while a job waits or runs, and stops once none does", async () => {
    signInAs();
    openApp("/jobs");
    await jobRow(/Books balance check/);
    // Done meanwhile: the next poll shows it, and then none follows.
    for (const row of rows) row.status = "done";
    await waitFor(
      async () =>
        expect(within(await jobRow(/Books balance check/)).getByText("Done")).toBeTruthy(),
      { timeout: JOB_POLLING.ms * 3 },
    );
    const settled = jobCalls();
    await new Promise((r) => setTimeout(r, JOB_POLLING.ms * 1.5));
    expect(jobCalls()).toBe(settled);
  });
});

describe("a job's words", () => {
  it("names the known kinds in the chosen language, others as they are", async () => {
    expect(jobKindName("uploads.sweep")).toBe("Sweep of unused images");
    expect(jobKindName("toString")).toBe("toString");
    await setLanguage("ms");
    expect(jobKindName("backup")).toBe("Sandaran berjadual");
    expect(whenText("30 3 * * *")).toBe("Setiap hari pada 03:30");
    await setLanguage("zh");
    expect(jobKindName("jobs.prune")).toBe("清理旧任务");
    expect(whenText("every 0.5 h")).toBe("每 0.5 小时");
    // An expression not put in words: as it is written.
    expect(whenText("*/5 9-17 * * 1-5")).toBe("*/5 9-17 * * 1-5");
  });
});
