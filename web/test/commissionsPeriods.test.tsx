import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { JOB_POLLING } from "../src/api/polling";
import { answers, LOADED, sent, toasts, withFakeStore } from "./commissionsServer";
import { openApp } from "./openApp";
import { signInAs } from "./signedIn";

// The commission periods (Calculate with its job's progress, Approve by two
// people, Release), a period's report and a member's statement: the real App
// against the small fake server of test/commissionsServer.ts.

withFakeStore();

describe("the periods", () => {
  it("lists each period's figures, calculates one with its job's progress, and refreshes when it ends", async () => {
    signInAs();
    openApp("/commissionPeriods");
    const row = await screen.findByRole("row", { name: /01\/11\/2026/ }, LOADED);
    expect(within(row).getByText("Open")).toBeTruthy();
    const calculated = screen.getByRole("row", { name: /01\/10\/2026/ });
    expect(within(calculated).getByText("RM 17.00")).toBeTruthy();
    expect(within(calculated).getByText("17.00%")).toBeTruthy();
    expect(
      within(calculated).getByRole("link", { name: "Report of 01/10/2026 – 31/10/2026" }),
    ).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Calculate 01/11/2026 – 30/11/2026" }));
    expect(
      await screen.findByRole("progressbar", { name: "Calculating… 1 of 4" }, LOADED),
    ).toBeTruthy();
    await waitFor(() => expect(toasts).toContain("01/11/2026 – 30/11/2026 calculated."), {
      timeout: JOB_POLLING.ms * 3,
    });
    const after = await screen.findByRole("row", { name: /01\/11\/2026/ });
    await waitFor(() => expect(within(after).getByText("Calculated")).toBeTruthy(), {
      timeout: JOB_POLLING.ms * 2,
    });
    expect(sent.map((s) => s.call)).toContain("POST commissionPeriods/3/calculate");
    expect(sent.find((s) => s.call === "POST commissionPeriods/3/calculate")?.ifMatch).toBe('"1"');
  });

  it("follows a calculation by its period for a person who may not view jobs", async () => {
    signInAs(["commissions:manage"], { role: "Staff" });
    openApp("/commissionPeriods");
    const row = await screen.findByRole("row", { name: /01\/11\/2026/ }, LOADED);
    fireEvent.click(within(row).getByRole("button", { name: "Calculate 01/11/2026 – 30/11/2026" }));
    expect(await screen.findByText("Calculating…")).toBeTruthy();
    await waitFor(() => expect(toasts).toContain("01/11/2026 – 30/11/2026 calculated."), {
      timeout: JOB_POLLING.ms * 4,
    });
    // The jobs were never asked for: they are not this person's to see.
    expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith("/api/jobs"))).toBe(
      false,
    );
  });

  it("says a 202 on Approve is a first approval only, awaiting a second administrator", async () => {
    answers.approve = 202;
    signInAs();
    openApp("/commissionPeriods");
    const row = await screen.findByRole("row", { name: /01\/10\/2026/ }, LOADED);
    fireEvent.click(within(row).getByRole("button", { name: "Approve 01/10/2026 – 31/10/2026" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("RM 17.00 to 3 members");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    });
    await waitFor(() =>
      expect(toasts).toContain("First approval recorded; a second administrator must approve."),
    );
    // The same person is not offered the second approval.
    const awaiting = await screen.findByRole("row", { name: /Awaiting second approval/ });
    expect(within(awaiting).getByText("Another person approves")).toBeTruthy();
    expect(within(awaiting).getByText("First approved by admin")).toBeTruthy();
  });

  it("offers no step to a person who may only view commissions", async () => {
    signInAs(["commissions:view"], { role: "Staff" });
    openApp("/commissionPeriods");
    await screen.findByRole("row", { name: /01\/11\/2026/ }, LOADED);
    expect(screen.queryByRole("button", { name: /^Calculate/ })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });

  it("reports a period per level, per tier and its top earners, each to their statement", async () => {
    signInAs();
    openApp("/commissionReport?period=2");
    const byLevel = await screen.findByRole("table", { name: "By level" }, LOADED);
    expect(within(byLevel).getAllByRole("row")[1]?.textContent).toBe("160RM 600.00");
    expect(within(screen.getByRole("table", { name: "By tier" })).getByText("Gold")).toBeTruthy();
    const earners = screen.getByRole("table", { name: "Top earners" });
    const earner = within(earners).getByRole("link", { name: "Commission statement of C" });
    expect(earner.getAttribute("href")).toBe("/commissionStatement?uid=3&period=2");
  });

  it("shows the tier changes found at the period's calculation, by tier name, to be applied at the release", async () => {
    signInAs();
    openApp("/commissionReport?period=2");
    const ranks = await screen.findByRole("table", { name: "Rank changes" }, LOADED);
    const rows = within(ranks).getAllByRole("row");
    expect(rows[0]?.textContent).toBe("MemberFromToPersonal PVGroup PVActive legsApplied");
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["C", "Silver", "Gold", "120.00", "640.50", "2", "At the release"]);
    expect(
      within(ranks).getByRole("link", { name: "Commission statement of C" }).getAttribute("href"),
    ).toBe("/commissionStatement?uid=3&period=2");
  });

  it("says an open period's tier changes come with its calculation", async () => {
    signInAs();
    openApp("/commissionReport?period=3");
    const ranks = await screen.findByRole("table", { name: "Rank changes" }, LOADED);
    await waitFor(() =>
      expect(ranks.textContent).toContain("The tier changes come with the period's calculation."),
    );
  });
});

describe("a member's statement", () => {
  it("shows the lines, the totals and the files to download", async () => {
    signInAs();
    openApp("/commissionStatement?uid=3&period=2");
    const lines = await screen.findByRole("table", { name: "Commission lines" }, LOADED);
    const line = within(lines).getAllByRole("row")[1];
    expect(line?.textContent).toContain("D");
    expect(line?.textContent).toContain("RM 100.00");
    expect(line?.textContent).toContain("Released");
    expect(within(screen.getByTestId("statement-totals")).getByText("Earned")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/users/3/statement?period_id=2&_format=csv",
    );
    expect(screen.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
      "/api/users/3/statement?period_id=2&_format=pdf",
    );
  });

  it("shows the member's rank history: each period's tier change and when it applied", async () => {
    signInAs();
    openApp("/commissionStatement?uid=3&period=2");
    const history = await screen.findByRole("table", { name: "Rank history" }, LOADED);
    await waitFor(() => expect(within(history).getAllByRole("row")).toHaveLength(2));
    expect(
      within(within(history).getAllByRole("row")[1] as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["01/10/2026 – 31/10/2026", "Silver", "Gold", "At the release"]);
  });
});
