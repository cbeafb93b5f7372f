import { z } from "zod";
import { ERROR_CODE_LIST, type ErrorCode, say } from "./errors";
import { EXPORT_FORMATS, EXPORT_LANGUAGES } from "./listExport";
import { permission } from "./permissions";
import { text } from "./primitives";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The parameters of a list call that are not filters. */
export const LIST_PARAMS = [
  "_page",
  "_limit",
  "_sort",
  "_order",
  "q",
  "_format",
  "_columns",
  "_lang",
] as const;
/** A filter parameter's range suffixes: inclusive lower and upper bound. */
export const FILTER_RANGE_SUFFIXES = ["_gte", "_lte"] as const;
/** Most values one filter parameter may list (`status=1&status=2…`). */
export const MAX_FILTER_VALUES = 100;

/** A filter's value: text, or several when the parameter is repeated (any of them). */
const filterValue = text().max(200);

/**
 * Paging parameters of every list call (docs/REQUIREMENTS.md section 7). Without `_page` and
 * `_limit` a list answers every record; with them, one page and the total in
 * the X-Total-Count header. Shared by the server's list calls and the web
 * app's URL state.
 *
 * Any other parameter is a filter, json-server style (docs/decisions/list-sort-filter.md): `field=value` an exact
 * match (repeated: any of them), `field_gte` / `field_lte` an inclusive range
 * on a number, money or date field (a date alone as `_lte` takes in that whole
 * day). The list checks each against its fields: an unknown field or a value
 * of the wrong kind is a 400 naming the parameter. `_format=csv` answers the
 * whole filtered, sorted list as a CSV file (paging ignored; a header of field
 * names, for programs); `_format=xlsx` as an Excel workbook for people: the
 * `_columns` given (answered fields, in that order; else the screen's), headed
 * by their labels in `_lang` (else the admin's saved language), statuses by
 * name, money as numbers, dates as dates (docs/decisions/xlsx-export.md).
 */
export const listQuery = z
  .object({
    _page: z.coerce.number().int().min(1).optional(),
    _limit: z.coerce.number().int().min(1).max(1000).optional(),
    _sort: text()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, say("sort_format", {}, "Sort by a field of the list."))
      .max(64)
      .optional(),
    _order: z.enum(["asc", "desc"]).optional(),
    q: text().trim().max(200).optional(),
    _format: z.enum(EXPORT_FORMATS).optional(),
    _columns: text()
      .regex(
        /^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/,
        say("columns_format", {}, "Columns are field names, comma-separated."),
      )
      .max(2000)
      .optional(),
    _lang: z.enum(EXPORT_LANGUAGES).optional(),
  })
  .catchall(z.union([filterValue, z.array(filterValue).max(MAX_FILTER_VALUES)]));
export type ListQuery = z.infer<typeof listQuery>;

/**
 * Deleting a member who refers others (docs/REQUIREMENTS.md section 4): their
 * direct referrals move "up" to the member's own referrer, or to "none".
 */
export const REFERRAL_MOVES = ["up", "none"] as const;
export type ReferralMove = (typeof REFERRAL_MOVES)[number];
const REFERRAL_MOVE_MESSAGE = say("referral_move", {}, "Referrals must be up or none.");
// The API document's choices (the pipe's input is text, so the message is the contract's).
export const referralMove = text({ error: REFERRAL_MOVE_MESSAGE })
  .pipe(z.enum(REFERRAL_MOVES, { error: REFERRAL_MOVE_MESSAGE }))
  .meta({ enum: [...REFERRAL_MOVES] });

/** Most records one bulk call acts on (ids sent, or matches of a filter). */
export const BULK_MAX = 1000;

/** The records a bulk call names: 1 to BULK_MAX ids. */
export const bulkIds = z
  .array(
    z.coerce
      .number()
      .int()
      .positive(say("unknown_id", {}, "Unknown id.")),
  )
  .min(1, say("choose_records", {}, "Choose at least one record."))
  .max(
    BULK_MAX,
    say("too_many_records", { max: BULK_MAX }, `At most ${BULK_MAX} records at a time.`),
  );

/**
 * POST /api/<list>/bulk: an action on the listed ids, or on every record the
 * filter (the list's own query parameters: filters and `q`) matches. Orders
 * take `{action: "setStatus", status}`.
 */
export const bulkRequest = z
  .object({
    action: text()
      .trim()
      .min(1, say("choose_action", {}, "Choose an action.")),
    ids: bulkIds.optional(),
    // The list's own query parameters as the web keeps them: numbers allowed.
    filter: z
      .record(
        text(),
        z.union([
          text(),
          z.number(),
          z.array(z.union([text(), z.number()])).max(MAX_FILTER_VALUES),
        ]),
      )
      .optional(),
    status: z.coerce.number().int().optional(),
    /** Users and wallets: where a deleted member's direct referrals go (memberDeleteQuery). */
    referrals: referralMove.optional(),
    /**
     * The version each row was shown with, by id (docs/decisions/record-versions.md): a row changed since is not acted on (412 in its result).
     */
    versions: z
      .record(
        text(),
        z.coerce
          .number()
          .int()
          .positive(say("unknown_version", {}, "Unknown version.")),
      )
      .refine(
        (v) => Object.keys(v).length <= BULK_MAX,
        say("too_many_versions", { max: BULK_MAX }, `At most ${BULK_MAX} versions.`),
      )
      .optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    message: say("ids_or_filter", {}, "Send either ids or filter."),
    path: ["ids"],
  });
export type BulkRequest = z.input<typeof bulkRequest>;

/** One record's outcome: the status and message the single call would have answered. */
export const bulkResult = z.object({
  id: z.number(),
  ok: z.boolean(),
  status: z.number(),
  message: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const bulkResponse = z.object({ results: z.array(bulkResult) });
export type BulkResult = z.infer<typeof bulkResult>;
export type BulkResponse = z.infer<typeof bulkResponse>;

/**
 * Every error answer carries a stable `code` and its `params` beside the
 * English `message` (docs/decisions/error-codes.md); a 400's issues each too.
 */
const coded = {
  code: z.enum(ERROR_CODE_LIST as [ErrorCode, ...ErrorCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
};
/** The answer's X-Request-Id, in its body too: what a caller quotes to the operator (docs/decisions/request-ids.md). */
const requestId = { request_id: z.string() };
export const errorBody = z.object({ message: z.string(), ...coded, ...requestId });
export const validationErrorBody = z.object({
  message: z.string(),
  ...coded,
  issues: z.array(z.object({ path: z.string(), message: z.string(), ...coded })),
  ...requestId,
});
export const statusErrorBody = z.object({
  status: z.number(),
  message: z.string(),
  ...coded,
  ...requestId,
});
export const okBody = z.object({ status: z.number(), message: z.string() });
/**
 * 403: the caller lacks `permission` (code "forbidden"), the call needs a fresh
 * proof ("step_up_required"), or it came from another site ("foreign_origin").
 */
export const forbiddenBody = statusErrorBody.extend({ permission: permission.optional() });
