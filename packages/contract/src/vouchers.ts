import { z } from "zod";
import { money, moneyOut, nullableTimestamp, status01, statusOut, timestamp } from "./primitives";

export const COUPON_MIN_DAYS_AHEAD = 3;
export const DISCOUNT_TYPES = ["price", "percentage"] as const;

/** Coupon codes are uppercase with no whitespace, as typed and as stored. */
export function normaliseVoucherCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

export const voucherInput = z
  .object({
    voucher_code: z
      .string({ error: "Coupon code is required." })
      .transform(normaliseVoucherCode)
      .pipe(
        z
          .string()
          .min(1, "Coupon code is required.")
          .max(50, "Coupon code is at most 50 characters."),
      ),
    discount: money("Discount"),
    discount_cap: money("Discount cap"),
    discount_type: z.enum(DISCOUNT_TYPES, { error: "Type must be price or percentage." }),
    voucher_status: status01,
    expired_at: timestamp,
  })
  .refine((v) => v.discount_type !== "percentage" || Number(v.discount) < 100, {
    path: ["discount"],
    message: "A percentage discount must be below 100.",
  });
export type VoucherInput = z.input<typeof voucherInput>;

export const voucher = z.object({
  voucher_id: z.number(),
  voucher_code: z.string(),
  discount: moneyOut,
  discount_cap: moneyOut,
  discount_type: z.enum(DISCOUNT_TYPES),
  voucher_status: statusOut,
  expired_at: timestamp,
  created_at: timestamp,
  updated_at: nullableTimestamp,
});
export type Voucher = z.infer<typeof voucher>;
