import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { chooseLanguage, englishLeft, waitForLanguage } from "../support/i18n";
import { OwnServer } from "../support/ownServer";
import { emptyStore } from "../support/stores";

/** The store's own data on the screens (not the app's texts). */
const storeData = (text: string) => /^Copyright ©/.test(text);

/** The list of jobs' row of a kind (the schedules' table names the kinds too). */
const jobRow = (page: Page, kind: string): Locator =>
  page.locator("table.data-table tbody tr", { hasText: kind });

/** Loaded: no skeleton, spinner or loading row left. */
const loaded = (page: Page) =>
  page.waitForFunction(
    () =>
      !document.querySelector(".placeholder-glow, .placeholder, .spinner-grow, .spinner-border"),
  );

// A store of its own whose scheduled backups cannot be written: BACKUP_DIR is a
// file, so the folder cannot be made. At start the backup's missed tick runs
// once (one try) and fails; once the file is gone, Retry writes the archive.
test.describe("jobs and schedules (/jobs)", () => {
  let folder: string;
  let blocker: string;
  let server: OwnServer;
  let context: BrowserContext | undefined;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    folder = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-jobs-"));
    blocker = path.join(folder, "backups");
    fs.writeFileSync(blocker, "a file where the backups' folder should be\n");
    server = new OwnServer(
      { SEED_DEMO: "0", BACKUP_DIR: blocker, BACKUP_EVERY: "24" },
      undefined,
      emptyStore,
    );
    await server.start();
    context = await newStoreContext(browser, server.baseURL);
    page = await context.newPage();
    await loginThroughForm(page);
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.remove();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  test("a failing job shows on /jobs with its error; Retry; it turns done", async () => {
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("link", { name: "Jobs" })
      .click();
    await page.waitForURL((url) => url.pathname === "/jobs");
    await expect(page.locator("main h1")).toHaveText("Jobs");

    // Queued, then running, then failed: the list asks again while it waits or runs.
    const backup = jobRow(page, "Scheduled backup");
    await expect(backup.locator(".badge")).toHaveText("Failed", { timeout: 30_000 });
    await expect(backup).toContainText(/EEXIST|ENOTDIR/);
    await expect(backup).toContainText(blocker);
    await expect(backup).toContainText("1 / 1");
    // The error is shown whole, wrapped in its cell: not cut, and in view beside the Retry.
    const error = backup.getByText(/EEXIST|ENOTDIR/);
    expect(await error.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    const errorBox = await error.boundingBox();
    const actionsBox = await backup.locator("td").last().boundingBox();
    expect((errorBox?.x ?? 0) + (errorBox?.width ?? 0)).toBeLessThanOrEqual(actionsBox?.x ?? 0);

    // The schedule says when it runs and how its latest tick went.
    const schedules = page.getByTestId("job-schedules");
    const schedule = schedules.locator("tbody tr", { hasText: "Scheduled backup" });
    await expect(schedule).toContainText("Every 24 h");
    await expect(schedule).toContainText("Asia/Kuala_Lumpur");
    await expect(schedule.locator(".badge")).toHaveText("Failed");
    await expect(
      schedules.locator("tbody tr", { hasText: "Sweep of unused images" }),
    ).toContainText("Every hour at minute 0");

    await loaded(page);
    expect(await axeViolations(page)).toEqual([]);

    // The folder can be made now: Retry queues it again, the runner takes it, it is done.
    fs.rmSync(blocker);
    const id = (await backup.locator("td").first().textContent())?.trim() ?? "";
    await backup.getByRole("button", { name: `Retry job #${id}` }).click();
    await expect(page.getByText(`Job #${id} (Scheduled backup) is queued again.`)).toBeVisible();
    await expect(backup.locator(".badge")).toHaveText("Done", { timeout: 30_000 });
    await expect(backup.getByRole("button", { name: /^Retry job/ })).toHaveCount(0);
    // Its tries counted anew: the one try of this retry.
    await expect(backup).toContainText("1 / 1");
    await expect(schedule.locator(".badge")).toHaveText("Done");
    expect(
      fs.readdirSync(blocker).filter((f) => /^store-backup-.*\.tar\.gz$/.test(f)),
    ).toHaveLength(1);

    // The retry is in the audit log, named as a job.
    await page.goto("/auditLog?entity=Job");
    const audit = page.locator("table.data-table tbody tr").first();
    await expect(audit).toContainText(`Job #${id}`);
    await expect(audit).toContainText("backup");
  });

  for (const [code, name] of [
    ["ms", "Bahasa Melayu"],
    ["zh", "中文"],
  ] as const) {
    test(`in ${name}: no English left, nothing axe finds, and the area in a permission group`, async () => {
      await page.goto("/jobs");
      await chooseLanguage(page, name);
      await waitForLanguage(page, code);
      await page.locator("main h1").waitFor();
      await expect(jobRow(page, code === "ms" ? "Sandaran berjadual" : "定时备份")).toHaveCount(1);
      await loaded(page);
      expect(await englishLeft(page, code, storeData)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // A permission group's form offers the area, named in the language, to view or to manage.
      await page.goto("/addRole");
      const area =
        code === "ms"
          ? "Tugas dan jadual (sandaran, semakan, pembersihan)"
          : "任务和计划（备份、核对、清理）";
      const [view, manage] = code === "ms" ? ["Lihat", "Urus"] : ["查看", "管理"];
      const separator = code === "ms" ? ": " : "：";
      await expect(page.getByRole("rowheader", { name: area, exact: true })).toBeVisible();
      for (const what of [view, manage])
        await expect(
          page.getByRole("checkbox", { name: `${what}${separator}${area}`, exact: true }),
        ).toBeVisible();
    });
  }
});
