import type { Message } from "@store/contract";
import { OrderFormPage } from "../pages/OrderFormPage";
import { OrderListPage } from "../pages/OrderListPage";
import { axeViolations } from "../support/axe";
import { expect, test, useBrowser } from "../support/browser";

/**
 * Issue 41: the store edits a message in Malay, previews it and sends itself
 * a test; shipping an order sends its member's message. The suite's servers
 * send through a mail server that takes every message (support/globalSetup.ts).
 */
test.describe("messages and their templates", () => {
  const s = useBrowser();

  test("edits the shipped message in Malay, previews it, saves it and sends a test", async () => {
    const { page } = s;
    await page.goto("/messageTemplates");
    await page.getByRole("combobox", { name: "Event" }).selectOption({ label: "Order shipped" });
    await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Bahasa Melayu" });
    const subject = page.getByLabel("Subject", { exact: true });
    await expect(subject).toHaveValue(/Pesanan anda/);
    const mark = `Dalam perjalanan ${Date.now()}`;
    await subject.fill(`${mark}: {{order_number}}`);
    // The preview draws the unsaved text with a real record's values, or examples.
    await expect(page.getByTestId("preview-subject")).toContainText(mark);
    await expect(page.getByTestId("preview-subject")).not.toContainText("{{");

    // A name the event does not offer is refused, naming it.
    await subject.fill(`${mark} {{password}}`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/\{\{password\}\}/).first()).toBeVisible();

    await subject.fill(`${mark}: {{order_number}}`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(/is saved/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Send me a test" }).click();
    await expect(page.getByText(/A test is queued to/)).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(mark) });
    await expect(async () => {
      await page.goto(`/messages?q=${encodeURIComponent(mark)}`);
      await expect(row).toContainText("Sent", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("shipping an order sends its member's message, found on /messages as sent", async () => {
    const { page } = s;
    const { rows } = await new OrderListPage(page).apiPage("_page=1&_limit=50&order_status=2");
    const order = rows.find((o) => o.user_id !== null);
    if (!order) throw new Error("the demo store has no paid order of a member");
    const form = new OrderFormPage(page);
    await form.goto(order.orders_id);
    await form.loaded();
    await form.saveStatus("4. shipped", `JNT${Date.now()}`);

    const answer = await page.request.get(
      `/api/messages?event=order_shipped&q=${encodeURIComponent(order.order_number)}`,
    );
    const found = (await answer.json()) as Message[];
    expect(found).toHaveLength(1);
    const row = page
      .getByRole("row")
      .filter({ hasText: order.order_number })
      .filter({ hasText: "Order shipped" });
    await expect(async () => {
      await page.goto(`/messages?q=${encodeURIComponent(order.order_number)}`);
      await expect(row).toContainText("Sent", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(row).toContainText(found[0]?.recipient ?? "?");
  });
});
