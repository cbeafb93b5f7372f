import { z } from "zod";
import { MYINVOIS_ENVIRONMENT_IDS } from "./einvoices";
import { say } from "./errors";
import { tin } from "./kyc";
import {
  atMostCharacters,
  decimalNumber,
  fileName,
  isRequired,
  money,
  moneyOut,
  nameText,
  notListed,
  nullableTimestamp,
  optionalText,
  requiredText,
  status01,
  statusOut,
  text,
  wholeNumber,
} from "./primitives";
import { recordVersion } from "./versions";

export const STORE_CONTACT_MAX = 11;
export const STORE_REGISTRATION_MAX = 100;
export const LOGO_MAX_BYTES = 500_000;
export const LOGO_TYPES = ["jpg", "jpeg", "png", "gif"] as const;
export const SAVED_INDICATOR_MS = 2000;
export const THEMES = [1, 2, 3] as const;

/**
 * What a referral commission is a percentage of (docs/REQUIREMENTS.md section 4):
 * the order total, or the goods (the total minus its shipping fee).
 */
export const COMMISSION_BASES = ["total", "goods"] as const;
export type CommissionBase = (typeof COMMISSION_BASES)[number];
export const COMMISSION_BASE_LABELS: Record<CommissionBase, string> = {
  total: "Order total",
  goods: "Goods value (total minus shipping)",
};
const COMMISSION_BASE_MESSAGE = say(
  "commission_base",
  {},
  "Commission base must be total or goods.",
);
const THEME_MESSAGE = say("theme_range", {}, "Theme must be 1, 2 or 3.");
const MSIC_MESSAGE = say("msic_format", {}, "MSIC code must be 5 digits (47912).");

const httpUrl = (label: string) =>
  z.url({
    message: say("invalid_url", { field: label }, `${label} must be a well-formed URL.`),
    protocol: /^https?$/,
  });

export const settingsInput = z.object({
  theme_color: z.coerce
    .number({ error: THEME_MESSAGE })
    .int(THEME_MESSAGE)
    .min(1, THEME_MESSAGE)
    .max(3, THEME_MESSAGE),
  store_name: nameText("Store name", 100),
  store_logo: fileName,
  store_address: optionalText(500),
  store_contact: text()
    .trim()
    .max(STORE_CONTACT_MAX, atMostCharacters("Store contact", STORE_CONTACT_MAX))
    .nullish()
    .transform((v) => v ?? ""),
  copyright_text: optionalText(255),
  footer_text: optionalText(500),
  /**
   * The company registration number on invoices (SSM "202301012345 (1234567-X)").
   * Left out, it keeps its stored value.
   */
  store_registration: optionalText(STORE_REGISTRATION_MAX).optional(),
  // The store's money rules (docs/decisions/wallet-ledger.md). Left out,
  // each keeps its stored value, so a form that does not show them saves safely.
  commission_status: status01.optional(),
  commission_base: z.enum(COMMISSION_BASES, { error: COMMISSION_BASE_MESSAGE }).optional(),
  withdraw_min_amt: money("Minimum withdrawal amount").optional(),
  /** Empty or null: no maximum. */
  withdraw_max_amt: z
    .preprocess(
      (v) => (v === "" ? null : v),
      money("Maximum withdrawal amount")
        .refine(
          (v) => v !== "0.00",
          say(
            "above_zero",
            { field: "Maximum withdrawal amount" },
            "Maximum withdrawal amount must be above 0.",
          ),
        )
        .nullable(),
    )
    .optional(),
  low_stock_threshold: wholeNumber("Low stock threshold", 0, 1_000_000).optional(),
  /**
   * Four-eyes payouts (docs/decisions/four-eyes-payouts.md): approving a
   * request above this amount takes two different people. Empty or null: off.
   */
  payout_second_approval_above: z
    .preprocess((v) => (v === "" ? null : v), money("Second approval above").nullable())
    .optional(),
  /** 1: every Admin and every holder of payouts:manage must use two-step login. */
  totp_required: status01.optional(),
  /** An order whose subtotal reaches this ships free (orders keyed in). Empty or null: off. */
  free_shipping_above: z
    .preprocess((v) => (v === "" ? null : v), money("Free shipping above").nullable())
    .optional(),
  /** 1: a payout to a member who is not KYC-verified is refused (docs/decisions/kyc.md). */
  kyc_required: status01.optional(),
  /**
   * Buy-back (docs/decisions/returns.md): a return within this many days of
   * its order refunds this percentage of the goods by default. 0 days: off.
   */
  buy_back_days: wholeNumber("Buy-back period (days)", 0, 3650).optional(),
  buy_back_percent: decimalNumber("Buy-back percentage", 0, 100).optional(),
  // The store's tax identity and its MyInvois access (docs/decisions/einvoices.md).
  // Left out, each keeps its stored value; a change needs a fresh proof.
  tin: tin.optional(),
  sst_no: optionalText(35).optional(),
  msic_code: z
    .union([z.null(), text()])
    .transform((v) => (v ?? "").trim())
    .pipe(z.union([z.literal(""), text().regex(/^\d{5}$/, MSIC_MESSAGE)]))
    .optional(),
  business_activity: optionalText(300).optional(),
  myinvois_environment: z
    .enum(MYINVOIS_ENVIRONMENT_IDS, { error: notListed("MyInvois environment") })
    .optional(),
  myinvois_client_id: optionalText(100).optional(),
  /** Write-only: the mask sent back keeps the stored secret. */
  myinvois_client_secret: optionalText(255).optional(),
  /** Empty: the environment's published address. */
  myinvois_base_url: optionalText(500)
    .pipe(z.union([z.literal(""), httpUrl("MyInvois API address")]))
    .optional(),
  myinvois_identity_url: optionalText(500)
    .pipe(z.union([z.literal(""), httpUrl("MyInvois identity address")]))
    .optional(),
  /** The signing certificate (PEM) of documents version 1.1. */
  einvoice_certificate: optionalText(20_000).optional(),
  /** Write-only: the certificate's private key (PEM). */
  einvoice_private_key: optionalText(20_000).optional(),
});
export type SettingsInput = z.input<typeof settingsInput>;

export const settings = z.object({
  setting_id: z.number(),
  theme_color: z.number(),
  store_name: z.string(),
  store_logo: z.string(),
  store_address: z.string(),
  store_contact: z.string(),
  store_registration: z.string(),
  copyright_text: z.string(),
  footer_text: z.string(),
  /** 1: a buyer's referrer earns their tier's Member Earning % of each completed order. */
  commission_status: statusOut,
  commission_base: z.enum(COMMISSION_BASES),
  withdraw_min_amt: moneyOut,
  /** Null: no maximum. */
  withdraw_max_amt: moneyOut.nullable(),
  /** Products at or below this stock are low (alerts). */
  low_stock_threshold: z.number(),
  /** Null: one approval pays any amount. */
  payout_second_approval_above: moneyOut.nullable(),
  totp_required: statusOut,
  /** Null: shipping is never free. */
  free_shipping_above: moneyOut.nullable(),
  /** 1: only a KYC-verified member is paid out (docs/decisions/kyc.md). */
  kyc_required: statusOut,
  /** 0: no buy-back period. */
  buy_back_days: z.number(),
  /** Two places, 0.00 to 100.00. */
  buy_back_percent: moneyOut,
  tin: z.string(),
  sst_no: z.string(),
  msic_code: z.string(),
  business_activity: z.string(),
  myinvois_environment: z.enum(MYINVOIS_ENVIRONMENT_IDS),
  myinvois_client_id: z.string(),
  /** Masked (SECRET_MASK and the last 4 characters), never in clear. */
  myinvois_client_secret: z.string(),
  myinvois_base_url: z.string(),
  myinvois_identity_url: z.string(),
  einvoice_certificate: z.string(),
  /** Masked, never in clear. */
  einvoice_private_key: z.string(),
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type Settings = z.infer<typeof settings>;

/**
 * GET storeIdentity: what the shell and the footer's pages show of the store
 * (the logo and its alt text, the title's store name, the footer's copyright,
 * the terms' and privacy notice's address and contact), readable by every
 * signed-in person; nothing of the money rules or keys (docs/decisions/store-identity.md).
 */
export const storeIdentity = settings.pick({
  store_name: true,
  store_logo: true,
  store_address: true,
  store_contact: true,
  copyright_text: true,
  footer_text: true,
});
export type StoreIdentity = z.infer<typeof storeIdentity>;

/**
 * GET orderPricing: the store's rule Add Order's preview needs beside the
 * shipping methods (free shipping above an amount), for whoever may key in an
 * order (`orders:manage`), without the rest of the settings.
 */
export const orderPricing = settings.pick({ free_shipping_above: true });
export type OrderPricing = z.infer<typeof orderPricing>;

/**
 * Secret keys (the payment gateway's secret key, a social login's client
 * secret) are write-only (docs/decisions/write-only-secret-keys.md): every
 * answer carries them masked, and a masked value sent back means "keep the
 * stored key". The publishable key and the OAuth client ID are public by
 * design (they are sent to customers' browsers) and are answered in clear.
 */
export const SECRET_MASK = "••••";
/** Below this length even the last 4 characters are too much of the key to show. */
export const SECRET_SHOW_TAIL_FROM = 12;

export function maskSecret(secret: string): string {
  if (!secret) return "";
  return secret.length >= SECRET_SHOW_TAIL_FROM ? `${SECRET_MASK}${secret.slice(-4)}` : SECRET_MASK;
}

/** A value that came from maskSecret, not a key typed by the admin. */
export function isMaskedSecret(value: string | null | undefined): boolean {
  return !!value && value.startsWith(SECRET_MASK);
}

/**
 * A provider may be saved switched off with empty keys; switched on it needs
 * both keys, or customers would meet a broken login button.
 */
export const socialLoginInput = z
  .object({
    id_key: optionalText(255),
    secret_key: optionalText(255),
    social_uri: optionalText(500).pipe(z.union([z.literal(""), httpUrl("Redirect URI")])),
    social_status: status01.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.social_status !== 1) return;
    if (!v.id_key) ctx.addIssue({ code: "custom", path: ["id_key"], message: isRequired("ID") });
    if (!v.secret_key) {
      ctx.addIssue({ code: "custom", path: ["secret_key"], message: isRequired("Secret") });
    }
  });
export type SocialLoginInput = z.input<typeof socialLoginInput>;
export const socialLogin = z.object({
  social_id: z.number(),
  social_login: z.string(),
  id_key: z.string(),
  secret_key: z.string(),
  social_uri: z.string(),
  social_status: statusOut,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type SocialLogin = z.infer<typeof socialLogin>;

export const paymentMethodInput = z.object({
  secret_key: requiredText("Secret key"),
  publish_key: requiredText("Publish key"),
  gateway_uri: requiredText("Gateway URI", 500).pipe(httpUrl("Gateway URI")),
  method_status: status01.default(0),
});
export type PaymentMethodInput = z.input<typeof paymentMethodInput>;
export const paymentMethod = z.object({
  method_id: z.number(),
  payment_method: z.string(),
  secret_key: z.string(),
  publish_key: z.string(),
  gateway_uri: z.string(),
  method_status: statusOut,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const shippingMethodInput = z.object({
  shipping_name: nameText("Shipping company name", 100),
  // A blank fee says "required" rather than "not a number".
  shipping_fee: z
    .union([z.number(), text().trim().min(1, isRequired("Shipping fee"))], {
      error: isRequired("Shipping fee"),
    })
    .pipe(money("Shipping fee")),
  shipping_status: status01.default(0),
});
export type ShippingMethodInput = z.input<typeof shippingMethodInput>;
export const shippingMethod = z.object({
  ship_id: z.number(),
  shipping_name: z.string(),
  shipping_fee: moneyOut,
  shipping_status: statusOut,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type ShippingMethod = z.infer<typeof shippingMethod>;
