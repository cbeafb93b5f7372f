import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AuditChanges } from "../src/components/AuditChanges";
import { setLanguage } from "../src/i18n/index";

afterEach(async () => {
  cleanup();
  await setLanguage("en");
});

/** Each row of the changes as "Field | before | after", shown text only (not the hidden "from"/"to"). */
function rowsShown(): string[][] {
  return screen
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll("th, td")].map((cell) => {
        const shown = cell.cloneNode(true) as HTMLElement;
        for (const hidden of shown.querySelectorAll(".visually-hidden")) hidden.remove();
        return (shown.textContent ?? "").trim();
      }),
    );
}

/** Issue 34 item 8: audit rows people can read. */
describe("an audit row's changes", () => {
  it("names the approver of a withdrawal's first approval, shows its time as the screens do, hides the version", () => {
    render(
      <AuditChanges
        entry={{
          before: {
            withdraw_id: 7,
            user_id: 5,
            withdraw_status: "processing",
            first_approved_by: null,
            first_approved_at: null,
            version: 1,
          },
          after: {
            withdraw_id: 7,
            user_id: 5,
            withdraw_status: "processing",
            first_approved_by: 1,
            first_approved_at: "2026-11-27 14:05:00",
            version: 2,
          },
          names: { first_approved_by: { "1": "owner.lim" }, user_id: { "5": "aminah" } },
        }}
      />,
    );
    expect(rowsShown()).toEqual([
      ["First approved by", "—", "owner.lim"],
      ["First approved at", "—", "27/11/2026, 14:05"],
    ]);
  });

  it("shows a status by its name and leaves out an order's bookkeeping", () => {
    render(
      <AuditChanges
        entry={{
          before: {
            order_status: 1,
            stock_taken: true,
            currency_symbol: "RM",
            user_id: 5,
            paid_on: null,
            version: 3,
          },
          after: {
            order_status: 2,
            stock_taken: false,
            currency_symbol: "RM$",
            user_id: 6,
            paid_on: "2026-11-28 09:30:00",
            version: 4,
          },
          names: { order_status: { "1": "pending", "2": "paid" } },
        }}
      />,
    );
    expect(rowsShown()).toEqual([
      ["Order status", "Pending", "Paid"],
      ["Paid on", "—", "28/11/2026, 09:30"],
    ]);
  });

  it("reads a withdrawal's status and an on/off switch by name, in the chosen language", async () => {
    await setLanguage("ms");
    render(
      <AuditChanges
        entry={{
          before: { withdraw_status: "processing", product_status: 1 },
          after: { withdraw_status: "completed", product_status: 0 },
        }}
      />,
    );
    const [status, product] = rowsShown();
    expect(status?.slice(1)).toEqual(["Dalam Proses", "Selesai"]);
    expect(product?.slice(1)).toEqual(["Aktif", "Tidak Aktif"]);
  });
});
