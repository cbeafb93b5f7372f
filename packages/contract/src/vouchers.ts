import { z } from "zod";
import { say } from "./errors";
import {
  isRealTimestamp,
  isRequired,
  MONEY_INPUT_DOC,
  money,
  moneyOut,
  nullableTimestamp,
  status01,
  statusOut,
  TIMESTAMP_DOC,
  text,
  timestamp,
  wholeNumber,
} from "./primitives";
import { recordVersion } from "./versions";

export const COUPON_MIN_DAYS_AHEAD = 3;
export const DISCOUNT_TYPES = ["price", "percentage"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const COUPON_EXPIRY_MESSAGE = say(
  "coupon_expiry",
  {},
  "The expiry must be later than three days from now.",
);

/** Coupon codes are uppercase with no whitespace, as typed and as stored. */
export function normaliseVoucherCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

/** The earliest allowed expiry: three days from `now` (exclusive). */
export function couponExpiryMinimum(now: Date = new Date()): Date {
  return new Date(now.getTime() + COUPON_MIN_DAYS_AHEAD * 24 * 60 * 60 * 1000);
}

/** An expiry is allowed only when it is later than three days from now. */
export function isCouponExpiryAllowed(expiry: Date, now: Date = new Date()): boolean {
  return expiry.getTime() > couponExpiryMinimum(now).getTime();
}

/** Money that must be given: an empty field says "is required", not "must be a number". */
function requiredMoney(label: string) {
  return z
    .unknown()
    .refine((v) => v !== undefined && v !== null && String(v).trim() !== "", isRequired(label))
    .pipe(money(label))
    .meta(MONEY_INPUT_DOC);
}

/** The largest usage limit a coupon takes. */
export const COUPON_LIMIT_MAX = 1_000_000;

/** A limit that may be left empty (none): a whole number from 1. */
function optionalLimit(label: string) {
  return z
    .preprocess((v) => (v === "" ? null : v), wholeNumber(label, 1, COUPON_LIMIT_MAX).nullable())
    .optional();
}

export const voucherInput = z
  .object({
    voucher_code: text({ error: isRequired("Coupon code") })
      .transform(normaliseVoucherCode)
      .pipe(
        z
          .string()
          .min(1, isRequired("Coupon code"))
          .max(
            50,
            say(
              "too_long",
              { field: "Coupon code", max: 50 },
              "Coupon code is at most 50 characters.",
            ),
          ),
      ),
    discount: requiredMoney("Discount"),
    discount_cap: requiredMoney("Discount cap"),
    discount_type: z.enum(DISCOUNT_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === "" || issue.input === null
          ? isRequired("Type")
          : say("discount_type", {}, "Type must be price or percentage."),
    }),
    voucher_status: status01,
    expired_at: text({ error: isRequired("Expiry date") })
      .min(1, isRequired("Expiry date"))
      .pipe(timestamp)
      .refine(
        isRealTimestamp,
        say("not_real_date_time", { field: "Expiry date" }, "Expiry date is not a real date."),
      )
      .meta(TIMESTAMP_DOC),
    /** Orders that may use the coupon in all; empty or null: no limit. */
    usage_limit: optionalLimit("Usage limit"),
    /** Orders one member may use it on; empty or null: no limit. */
    member_limit: optionalLimit("Limit per member"),
    /** The least subtotal an order needs to use it; empty or null: none. */
    min_spend: z
      .preprocess((v) => (v === "" ? null : v), money("Minimum spend").nullable())
      .optional(),
  })
  .refine((v) => v.discount_type !== "percentage" || Number(v.discount) < 100, {
    path: ["discount"],
    message: say("percentage_below_100", {}, "A percentage discount must be below 100."),
  });
export type VoucherInput = z.input<typeof voucherInput>;
export type VoucherValues = z.output<typeof voucherInput>;

export const voucher = z.object({
  voucher_id: z.number(),
  voucher_code: z.string(),
  discount: moneyOut,
  discount_cap: moneyOut,
  discount_type: z.enum(DISCOUNT_TYPES),
  voucher_status: statusOut,
  expired_at: timestamp,
  usage_limit: z.number().nullable(),
  member_limit: z.number().nullable(),
  min_spend: moneyOut.nullable(),
  created_at: timestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type Voucher = z.infer<typeof voucher>;
