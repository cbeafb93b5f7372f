/**
 * Payout batches (issue 39, docs/decisions/payout-batches.md): completed
 * withdrawal requests gathered into one run to the bank, its bulk-payment
 * file in a format declared as data, released by two people above the
 * second-approval amount, and reconciled from the bank's answer.
 */
import { z } from "zod";
import { bulkIds } from "./common";
import { say } from "./errors";
import { moneyOut, nullableTimestamp, timestamp } from "./primitives";
import { recordVersion } from "./versions";

/** draft (gathered) → released (may go to the bank) → reconciled (every line has the bank's answer). */
export const PAYOUT_BATCH_STATUSES = ["draft", "released", "reconciled"] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** The bank's answer for one line. */
export const PAYOUT_LINE_RESULTS = ["paid", "failed"] as const;
export type PayoutLineResult = (typeof PAYOUT_LINE_RESULTS)[number];

/** POST payoutBatches: the completed, unbatched requests to gather (1 to BULK_MAX). */
export const payoutBatchInput = z.object({ withdraw_ids: bulkIds });
export type PayoutBatchInput = z.input<typeof payoutBatchInput>;

/** A batch as listed. */
export const payoutBatch = z.object({
  batch_id: z.number(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
  /** The sum of its lines. */
  total: moneyOut,
  line_count: z.number(),
  paid_count: z.number(),
  failed_count: z.number(),
  created_by_username: z.string().nullable(),
  created_at: timestamp,
  /** Four-eyes: who released first above the second-approval amount; a second person releases. */
  first_released_by: z.number().nullable(),
  first_released_by_username: z.string().nullable(),
  first_released_at: nullableTimestamp,
  released_by_username: z.string().nullable(),
  released_at: nullableTimestamp,
  reconciled_at: nullableTimestamp,
  version: recordVersion,
});
export type PayoutBatch = z.infer<typeof payoutBatch>;

/** One request of a batch: the payee as they were when batched, and the bank's answer. */
export const payoutBatchLine = z.object({
  line_id: z.number(),
  withdraw_id: z.number(),
  user_id: z.number().nullable(),
  username: z.string(),
  payee_name: z.string(),
  bank_name: z.string(),
  bank_acc: z.string(),
  amount: moneyOut,
  /** The reference written in the bank file; the bank's answer names the line by it. */
  reference: z.string(),
  result: z.enum(PAYOUT_LINE_RESULTS).nullable(),
  /** The bank's reason, as it gave it (a failed line's why; a paid line's note, if any). */
  result_reason: z.string().nullable(),
  result_at: nullableTimestamp,
  /** A failed line put its amount back in the member's cash wallet (once: `payout_failed`). */
  refunded: z.boolean(),
});
export type PayoutBatchLine = z.infer<typeof payoutBatchLine>;

/** A bank file made for the batch, kept with it: the same bytes each time it is asked for. */
export const payoutBatchFile = z.object({
  format: z.string(),
  file_name: z.string(),
  sha256: z.string(),
  rows: z.number(),
  total: moneyOut,
  created_by_username: z.string().nullable(),
  created_at: timestamp,
});
export type PayoutBatchFile = z.infer<typeof payoutBatchFile>;

/** GET payoutBatches/{id}: the batch with its lines and the files made for it. */
export const payoutBatchDetail = payoutBatch.extend({
  lines: payoutBatchLine.array(),
  files: payoutBatchFile.array(),
});
export type PayoutBatchDetail = z.infer<typeof payoutBatchDetail>;

/** The bank file formats the server declares (server/src/modules/payouts/bankFormats.ts). */
export const BANK_FILE_FORMAT_IDS = [
  "generic_csv",
  "duitnow_ibg",
  "maybank_bulk",
  "cimb_bulk",
] as const;
export const bankFileFormatId = z.enum(BANK_FILE_FORMAT_IDS, {
  error: say("bank_format_required", {}, "Choose a bank file format."),
});
export type BankFileFormatId = z.infer<typeof bankFileFormatId>;

/** GET payoutBatches/{id}/file?format=…: one of GET bankFileFormats' ids. */
export const bankFileQuery = z.object({ format: bankFileFormatId });

/** Why a row of the bank's answer changed no line. */
export const PAYOUT_UNKNOWN_REASONS = [
  /** No line of this batch has its reference. */
  "no_such_line",
  /** Its status is neither a paid nor a failed word of the formats. */
  "unknown_status",
  /** Its amount is not the line's. */
  "amount_differs",
  /** The line has the other answer already (answers are final: a later return is a Reverse). */
  "answered_otherwise",
] as const;

/** POST payoutBatches/{id}/result: what the bank's file said, line by line. */
export const payoutResult = z.object({
  /** Lines the file says were paid (including ones already answered so). */
  paid: z.number(),
  failed: z.number(),
  /** Put back in cash wallets by this import: 0.00 when the same file comes again. */
  refunded: moneyOut,
  unknown_lines: z
    .object({
      /** The row of the file, from 1. */
      row: z.number(),
      reference: z.string(),
      why: z.enum(PAYOUT_UNKNOWN_REASONS),
    })
    .array(),
  status: z.enum(PAYOUT_BATCH_STATUSES),
});
export type PayoutResult = z.infer<typeof payoutResult>;

/** The fields a bank file's detail row can hold. */
export const BANK_LINE_FIELDS = [
  "row",
  "reference",
  "payee_name",
  "bank_name",
  "bank_code",
  "account",
  "amount",
  "payment_date",
  "description",
  "transfer_type",
] as const;
/** The fields a header or trailer row can hold, as `{name}` in its cells. */
export const BANK_FILE_FIELDS = ["batch", "date", "count", "total", "store"] as const;

export const bankFileColumn = z.object({
  title: z.string(),
  /** The line's value this column holds; null for a constant (a record type such as "D"). */
  field: z.enum(BANK_LINE_FIELDS).nullable(),
  constant: z.string().nullable(),
  /** Cut to this many characters (after the allowed characters are kept). */
  max_length: z.number().nullable(),
  /** Left empty when unknown (true), or the file is refused naming the line (false). */
  optional: z.boolean(),
});

/**
 * A bulk-payment file format, declared as data (server/src/modules/payouts/bankFormats.ts)
 * and drawn by one writer. `preset` formats are named for a bank and are a
 * starting point the store checks with its bank, not a bank-certified layout.
 */
export const bankFileFormat = z.object({
  id: bankFileFormatId,
  name: z.string(),
  description: z.string(),
  preset: z.boolean(),
  extension: z.enum(["csv", "txt"]),
  separator: z.enum([",", "|", ";", "\t"]),
  /** Quote every cell, only those holding the separator or a quote, or none. */
  quote: z.enum(["always", "when_needed", "never"]),
  line_end: z.enum(["\r\n", "\n"]),
  /** yyyy, MM and dd in any order and separation: "yyyyMMdd", "dd/MM/yyyy". */
  date_format: z.string(),
  /** "decimal" 1234.50, "sen" 123450 (whole sen, no point). */
  amount_format: z.enum(["decimal", "sen"]),
  /** The characters the bank accepts in text cells, as a character class body: "A-Za-z0-9 .-". */
  allowed_characters: z.string(),
  upper_case: z.boolean(),
  /** Rows before the lines: each cell a literal or `{batch}`, `{date}`, `{count}`, `{total}`, `{store}`. */
  header: z.array(z.array(z.string())),
  /** Whether the column titles are written as a row before the lines. */
  column_titles: z.boolean(),
  columns: bankFileColumn.array(),
  trailer: z.array(z.array(z.string())),
  /** transfer_type's value: the payee banks with the store's bank (`same`) or another (`other`). */
  transfer_types: z.object({
    own_bank: z.string().nullable(),
    same: z.string(),
    other: z.string(),
  }),
});
export type BankFileFormat = z.infer<typeof bankFileFormat>;
export type BankFileColumn = z.infer<typeof bankFileColumn>;
export type BankLineField = (typeof BANK_LINE_FIELDS)[number];

/** GET bankFileFormats: the formats, and how a bank's answer is read (every format alike). */
export const bankFileFormats = z.object({
  formats: bankFileFormat.array(),
  /** The bank's answer (CSV or xlsx): a header row naming these columns, in any order and case. */
  result_columns: z.object({
    reference: z.array(z.string()),
    status: z.array(z.string()),
    reason: z.array(z.string()),
    amount: z.array(z.string()),
  }),
  /** The status words read as paid or failed (any case). */
  result_words: z.object({ paid: z.array(z.string()), failed: z.array(z.string()) }),
});
export type BankFileFormats = z.infer<typeof bankFileFormats>;
