import type { Voucher } from "@store/contract";
import { CouponFormPage, validCoupon } from "../pages/CouponFormPage";
import { CouponListPage } from "../pages/CouponListPage";
import { expect, test, useBrowser } from "../support/browser";

const unique = () => `E2E${Date.now().toString(36).toUpperCase()}`;

/**
 * A coupon's limits on its form (docs/decisions/coupon-limits.md): the rest of the
 * coupon screens is in coupons-screens.long.test.ts, the limits' enforcement under
 * racing orders in the API tests.
 */
test.describe("/addCoupon and /editCoupon: a coupon's limits", () => {
  const s = useBrowser();

  test("keeps a minimum spend, a usage limit and a limit per member; empty is none; 0 is refused beside its field", async () => {
    const code = unique();
    const form = new CouponFormPage(s.page);
    await form.gotoAdd();
    await form.fill(validCoupon(code));
    await form.minSpend().fill("50");
    await form.usageLimit().fill("0");
    await form.add().click();
    await expect(s.page.getByText("Usage limit must be at least 1.")).toBeVisible();
    await expect(form.usageLimit()).toHaveAttribute("aria-invalid", "true");
    await form.usageLimit().fill("100");
    await form.memberLimit().fill("1");
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/coupon");
    const list = new CouponListPage(s.page);
    const saved = (await list.apiVoucher(code)) as Voucher;
    expect(saved).toMatchObject({ min_spend: "50.00", usage_limit: 100, member_limit: 1 });

    await form.gotoEdit(saved.voucher_id);
    await expect(form.minSpend()).toHaveValue("50.00");
    await expect(form.usageLimit()).toHaveValue("100");
    await expect(form.memberLimit()).toHaveValue("1");
    await form.memberLimit().fill("");
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/coupon");
    expect(await list.apiVoucher(code)).toMatchObject({ usage_limit: 100, member_limit: null });
  });
});
