/**
 * E-invoices to LHDN's MyInvois (issue 40, docs/decisions/einvoices.md): the
 * documents the store must give the tax authority, each built from its
 * orders, validated and hashed before it leaves, submitted as a job, and
 * followed to LHDN's answer.
 */
import { z } from "zod";
import { say } from "./errors";
import { tin } from "./kyc";
import { moneyOut, notListed, nullableTimestamp, optionalText, requiredText } from "./primitives";
import { recordVersion } from "./versions";
import { calendarMonth } from "./withholding";

/** LHDN's document types the store issues (the guideline's code list). */
export const EINVOICE_TYPES = ["01", "02", "04", "11"] as const;
export type EinvoiceType = (typeof EINVOICE_TYPES)[number];
export const EINVOICE_TYPE_LABELS: Record<EinvoiceType, string> = {
  "01": "Invoice",
  "02": "Credit note",
  "04": "Refund note",
  "11": "Self-billed invoice",
};

/**
 * draft (built, not sent) → submitted (LHDN took it, validating) → valid or
 * invalid (LHDN's errors kept; corrected, it is built and sent again);
 * valid → cancelled (within EINVOICE_CANCEL_HOURS of validation).
 */
export const EINVOICE_STATUSES = ["draft", "submitted", "valid", "invalid", "cancelled"] as const;
export type EinvoiceStatus = (typeof EINVOICE_STATUSES)[number];
export const EINVOICE_STATUS_LABELS: Record<EinvoiceStatus, string> = {
  draft: "Draft",
  submitted: "Submitted",
  valid: "Valid",
  invalid: "Invalid",
  cancelled: "Cancelled",
};

/** LHDN lets the issuer cancel a valid document for this long after its validation. */
export const EINVOICE_CANCEL_HOURS = 72;
/** A sale of this much or more gets its own invoice, never the month's consolidated one. */
export const EINVOICE_INDIVIDUAL_FROM = "10000.00";
/** The consolidated invoice of a month is due within this many days after it ends. */
export const EINVOICE_CONSOLIDATE_WITHIN_DAYS = 7;

/** Where the documents go: LHDN's sandbox (pre-production) or production. */
export const MYINVOIS_ENVIRONMENT_IDS = ["sandbox", "production"] as const;
export type MyinvoisEnvironmentId = (typeof MYINVOIS_ENVIRONMENT_IDS)[number];

/** One of LHDN's errors about a document, as it gave it. */
export const einvoiceError = z.object({
  code: z.string(),
  message: z.string(),
  target: z.string().optional(),
});
export type EinvoiceError = z.infer<typeof einvoiceError>;

/** A document as listed: what it covers, its amount, and where it stands with LHDN. */
export const einvoice = z.object({
  einvoice_id: z.number(),
  type: z.enum(EINVOICE_TYPES),
  /** Our number for it, the document's ID (INV-…, CON-2026-11, RN-…). */
  internal_id: z.string(),
  /** One order's invoice or note; null for a month's or a period's. */
  orders_id: z.number().nullable(),
  order_number: z.string().nullable(),
  /** The consolidated invoice's month, YYYY-MM. */
  month: z.string().nullable(),
  /** The commission period of a self-billed invoice. */
  period_id: z.number().nullable(),
  /** A note's original document. */
  original_id: z.number().nullable(),
  /** Payable, SST included. */
  amount: moneyOut,
  tax: moneyOut,
  status: z.enum(EINVOICE_STATUSES),
  uuid: z.string().nullable(),
  long_id: z.string().nullable(),
  submission_uid: z.string().nullable(),
  errors: einvoiceError.array(),
  /** SHA-256 (hex) of the exact bytes sent. */
  document_hash: z.string(),
  /** The public validation link (the invoice's QR code) once valid. */
  validation_link: z.string().nullable(),
  submitted_at: nullableTimestamp,
  validated_at: nullableTimestamp,
  cancelled_at: nullableTimestamp,
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
  version: recordVersion,
});
export type Einvoice = z.infer<typeof einvoice>;

/** POST einvoices/consolidate: the month whose ordinary sales go in one invoice. */
export const einvoiceConsolidateInput = z.object({ month: calendarMonth });
export type EinvoiceConsolidateInput = z.input<typeof einvoiceConsolidateInput>;

/** POST einvoices/selfBilled: the released commission period whose agents are billed. */
export const einvoiceSelfBilledInput = z.object({ period_id: z.coerce.number().int().positive() });
export type EinvoiceSelfBilledInput = z.input<typeof einvoiceSelfBilledInput>;

/** POST einvoices/{id}/cancel: LHDN is told why. */
export const einvoiceCancelInput = z.object({ reason: requiredText("Reason", 300) });
export type EinvoiceCancelInput = z.input<typeof einvoiceCancelInput>;

/** How a buyer who asks for their own invoice is identified to LHDN, beside their TIN. */
export const BUYER_ID_TYPES = ["BRN", "NRIC", "PASSPORT", "ARMY"] as const;
export const BUYER_ID_TYPE_LABELS: Record<(typeof BUYER_ID_TYPES)[number], string> = {
  BRN: "Business registration number",
  NRIC: "Identity card number (NRIC)",
  PASSPORT: "Passport number",
  ARMY: "Army number",
};

const BUYER_TIN_MESSAGE = say("required", { field: "Tax ID" }, "Tax ID is required.");
/**
 * PUT orders/{id}/buyer: the buyer asks for an invoice of their own; the
 * billing address is the order's delivery address unless given.
 */
export const orderBuyerInput = z.object({
  name: requiredText("Buyer name", 300),
  tin: tin.refine((v) => v !== "", BUYER_TIN_MESSAGE),
  id_type: z.enum(BUYER_ID_TYPES, { error: notListed("ID type") }),
  id_value: requiredText("ID number", 30),
  sst_no: optionalText(35),
  email: optionalText(320),
  phone: optionalText(20),
  address: optionalText(500),
});
export type OrderBuyerInput = z.input<typeof orderBuyerInput>;

export const orderBuyer = z.object({
  orders_id: z.number(),
  name: z.string(),
  tin: z.string(),
  id_type: z.enum(BUYER_ID_TYPES),
  id_value: z.string(),
  sst_no: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  version: recordVersion,
});
export type OrderBuyer = z.infer<typeof orderBuyer>;
