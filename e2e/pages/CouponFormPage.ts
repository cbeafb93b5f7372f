import type { Page } from "@playwright/test";
import { typedDate } from "../support/dates";

export interface CouponFields {
  code: string;
  type: "Price" | "Percentage";
  discount: string;
  cap: string;
  /** "yyyy-MM-ddTHH:mm", typed as "dd/MM/yyyy HH:mm". */
  expiry: string;
  active: boolean;
}

/** A price coupon the form takes as it is (active, expiring in 10 days), with `extra` over it. */
export function validCoupon(code: string, extra: Partial<CouponFields> = {}): CouponFields {
  return {
    code,
    type: "Price",
    discount: "5",
    cap: "5",
    expiry: localInputValue(10),
    active: true,
    ...extra,
  };
}

/** /addCoupon and /editCoupon?vid=. */
export class CouponFormPage {
  constructor(readonly page: Page) {}

  readonly code = () => this.page.getByLabel("Coupon Code");
  readonly type = () => this.page.getByLabel("Type", { exact: true });
  readonly discount = () => this.page.getByLabel("Discount", { exact: true });
  readonly cap = () => this.page.getByLabel("Discount Cap");
  readonly expiry = () => this.page.getByLabel("Expiry Date");
  readonly status = () => this.page.getByLabel("Status (Active)");
  readonly minSpend = () => this.page.getByLabel("Minimum Spend");
  readonly usageLimit = () => this.page.getByLabel("Usage Limit");
  readonly memberLimit = () => this.page.getByLabel("Limit per Member");
  readonly add = () => this.page.getByRole("button", { name: "Add" });
  readonly save = () => this.page.getByRole("button", { name: "Save" });
  /** The fields' messages (each tied to its field; the form announces them once, politely). */
  readonly alerts = () => this.page.locator("form .invalid-feedback");

  async gotoAdd(): Promise<void> {
    await this.page.goto("/addCoupon");
    await this.code().waitFor();
  }

  async gotoEdit(vid: number | string): Promise<void> {
    await this.page.goto(`/editCoupon?vid=${vid}`);
  }

  async fill(fields: CouponFields): Promise<void> {
    await this.code().fill("");
    await this.code().pressSequentially(fields.code);
    await this.type().selectOption({ label: fields.type });
    await this.discount().fill(fields.discount);
    await this.cap().fill(fields.cap);
    await this.expiry().fill(typedDate(fields.expiry));
    await this.expiry().blur();
    await this.status().setChecked(fields.active);
  }

  async alertTexts(): Promise<string[]> {
    return (await this.alerts().allTextContents()).map((t) => t.trim());
  }
}

/** A datetime-local value `days` (and `minutes`) from now, in the browser's time zone (the store's). */
export function localInputValue(days: number, minutes = 0): string {
  const date = new Date(Date.now() + days * 86_400_000 + minutes * 60_000);
  const kl = new Date(date.getTime() + 8 * 3_600_000); // Asia/Kuala_Lumpur has no DST: UTC+8.
  return kl.toISOString().slice(0, 16);
}
