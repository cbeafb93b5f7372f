import type { z } from "zod";

/**
 * What a parameter of an error is, so the web shows it as its screens do
 * (docs/decisions/error-codes.md): `field` a field or record name (translated
 * through the catalogues' field names), `number` a count or limit, `money` an
 * amount in RM, `text` a value shown as sent (a username, a coupon code).
 */
export type ParamKind = "field" | "number" | "money" | "text";

/**
 * Every error code the API answers, with the names and kinds of its params.
 * The one list: the server's HttpError takes only these, and the web's
 * catalogues hold each (web/test/i18n.test.ts fails on one missing).
 */
export const ERROR_CODES = {
  // A field's value, from zod's checks and the contract's messages.
  required: { field: "field" },
  not_a_number: { field: "field" },
  not_whole_number: { field: "field" },
  too_small: { field: "field", min: "number" },
  too_big: { field: "field", max: "number" },
  too_short: { field: "field", min: "number" },
  too_long: { field: "field", max: "number" },
  too_many_items: { field: "field", max: "number" },
  not_listed: { field: "field" },
  money_format: { field: "field" },
  below_100: { field: "field" },
  above_zero: { field: "field" },
  invalid_email: { field: "field" },
  invalid_url: { field: "field" },
  invalid_format: { field: "field" },
  invalid_value: { field: "field" },
  not_real_date: { field: "field" },
  not_real_date_time: { field: "field" },
  existing_user: { field: "field" },
  unsafe_text: {},
  hidden_characters: {},
  mixed_scripts: {},
  timestamp_format: {},
  date_format: {},
  file_name: {},
  unknown_id: {},
  unknown_version: {},
  login_email: {},
  password_too_long: {},
  common_password: {},
  sort_format: {},
  columns_format: {},
  referral_move: {},
  choose_action: {},
  choose_records: {},
  too_many_records: { max: "number" },
  too_many_versions: { max: "number" },
  ids_or_filter: {},
  depth_range: {},
  report_range: { max: "number" },
  report_month: {},
  too_many_members: { max: "number" },
  ledger_account: {},
  user_id: {},
  amount_zero: {},
  referral_user: {},
  requirement_condition: {},
  withdrawal_decision: {},
  adjustment_decision: {},
  commission_base: {},
  theme_range: {},
  percentage_below_100: {},
  discount_type: {},
  coupon_expiry: {},
  withdrawal_limits: { min: "money" },
  // The request itself (lib/edge.ts, auth/guard.ts, lib/errors.ts).
  invalid_request: { count: "number" },
  unreadable_request: {},
  json_shape: {},
  address_invalid: {},
  host_refused: {},
  foreign_origin: {},
  login_required: {},
  // Staff and permissions (docs/decisions/permissions.md).
  forbidden: { permission: "text" },
  step_up_required: {},
  totp_invalid: {},
  totp_not_started: {},
  totp_already_on: {},
  totp_not_on: {},
  totp_locked: {},
  totp_not_locked: {},
  totp_enrolment_required: {},
  login_expired: {},
  group_exists: { name: "text" },
  group_in_use: { count: "number" },
  last_admin: {},
  groups_need_staff: {},
  own_access_change: {},
  own_group_widening: {},
  second_approval_same_person: {},
  too_many_attempts: {},
  too_many_requests: {},
  not_found: {},
  record_not_found: { record: "field" },
  too_large: {},
  content_type: {},
  not_accepted: {},
  request_timeout: {},
  headers_too_large: {},
  server_error: {},
  value_in_use: {},
  linked_records: {},
  out_of_range: {},
  invalid_credential: {},
  invalid_password: {},
  // Lists, filters, bulk actions and exports.
  filter_too_many_values: { field: "text", max: "number" },
  filter_unreadable: { field: "text" },
  filter_not_whole_number: { field: "text" },
  filter_not_number: { field: "text" },
  filter_not_date: { field: "text" },
  filter_not_date_time: { field: "text" },
  not_filterable: { field: "text" },
  unknown_filter: { field: "text" },
  range_not_allowed: { field: "text" },
  one_value: { field: "text" },
  no_search: {},
  unknown_sort: { field: "text" },
  unknown_column: { column: "text", columns: "text" },
  bulk_filter_too_wide: { max: "number" },
  unknown_action: { action: "text", actions: "text" },
  if_match_format: {},
  stale_version: { record: "field" },
  // Rules of the domains' services.
  existing_category: {},
  existing_tax_category: {},
  too_many_variants: { max: "number" },
  foreign_variant: {},
  variant_moves: {},
  category_has_products: { count: "number" },
  nothing_posted: {},
  no_account: { user: "text", account: "field" },
  balance_short: { account: "field", held: "text", amount: "text" },
  adjustment_below_zero: { username: "text", account: "field", held: "text", amount: "text" },
  adjustment_decided: { status: "text" },
  adjustment_same_person: {},
  choose_status: {},
  unknown_order_status: { status: "text" },
  member_holds_money: { name: "text", cash: "money", wallet: "money", pv: "text" },
  member_owes: { name: "text", cash: "money", pv: "text" },
  member_holds_held: { name: "text", held: "money", pv: "text" },
  member_refers: { name: "text", count: "number", referrer: "text" },
  member_refers_no_referrer: { name: "text", count: "number" },
  own_account_delete: {},
  rank_taken: { rank: "number", name: "text" },
  default_membership: { name: "text" },
  membership_in_use: { name: "text", count: "number" },
  own_referral: {},
  referral_cycle: {},
  username_taken: { username: "text" },
  email_taken: { email: "text" },
  username_lookalike: { username: "text" },
  username_lookalike_race: {},
  current_password_needed: {},
  current_password_wrong: {},
  email_change_needs_password: {},
  own_admin_access: {},
  wallet_exists: { username: "text" },
  own_wallet_delete: {},
  coupon_exists: { code: "text" },
  // Orders keyed in (POST orders; docs/decisions/orders-keyed-in.md). `line`: the line's number, from 1.
  postcode_format: {},
  malaysian_state: {},
  order_member_inactive: { name: "text" },
  line_product_unknown: { line: "number" },
  line_variant_unknown: { line: "number" },
  line_product_inactive: { line: "number", name: "text" },
  line_variant_inactive: { line: "number", name: "text" },
  line_variant_required: { line: "number", name: "text" },
  line_stock_short: { line: "number", name: "text", left: "number" },
  coupon_unknown: { code: "text" },
  coupon_inactive: { code: "text" },
  coupon_expired: { code: "text" },
  // Coupon limits (docs/decisions/coupon-limits.md): a minimum subtotal, uses in all and per member.
  coupon_min_spend: { code: "text", min: "money" },
  coupon_used_up: { code: "text", limit: "number" },
  coupon_member_limit: { code: "text", limit: "number" },
  // A canceled or returned order moved back to a status that holds stock, short of it.
  order_stock_short: { name: "text", left: "number", quantity: "number" },
  // Returns and refunds (docs/decisions/returns.md).
  return_exceeds_sold: { line: "number", name: "text", left: "number" },
  return_line_unknown: { line: "number" },
  return_nothing: {},
  refund_exceeds_paid: { amount: "money", left: "money" },
  order_not_returnable: { status: "text" },
  order_has_returns: {},
  shipping_unknown: {},
  shipping_inactive: { name: "text" },
  multipart_required: {},
  no_file: {},
  upload_too_large: {},
  upload_type: {},
  upload_unreadable: {},
  withdraw_id_mismatch: {},
  withdrawal_decided: { status: "field" },
  job_not_failed: { status: "text" },
  job_not_queued: { status: "text" },
  withdrawal_not_reversible: { status: "field" },
  withdrawal_reversed: { date: "text" },
  withdrawal_above_max: { amount: "money", max: "money" },
  withdrawal_below_min: { amount: "money", min: "money" },
  withdrawal_above_balance: { held: "money", amount: "money" },
  withdrawal_member_inactive: { name: "text" },
  withdrawal_member_deleted: {},
  withdrawal_member_owes: { name: "text", amount: "money" },
  levels_in_order: {},
  rank_tier_twice: {},
  commission_tier_unknown: { tier: "text" },
  commission_period_not_open: { status: "text" },
  commission_period_not_calculated: { status: "text" },
  commission_period_not_approved: { status: "text" },
  commission_period_earlier_open: { starts_on: "text" },
  commission_period_in_hold: { date: "text" },
  commission_period_running: {},
  // KYC before pay-out (docs/decisions/kyc.md).
  nric_format: {},
  nric_date: {},
  nric_place: {},
  passport_format: {},
  tin_format: {},
  kyc_status: {},
  kyc_one_identity: {},
  kyc_incomplete: {},
  kyc_document_unknown: { side: "text" },
  kyc_required: { name: "text" },
  // Payout batches (docs/decisions/payout-batches.md).
  already_batched: { id: "number", batch: "number" },
  withdrawal_unknown: { id: "number" },
  payout_not_batchable: { id: "number", status: "field" },
  payout_batch_not_draft: { status: "field" },
  payout_batch_not_released: { status: "field" },
  bank_format_required: {},
  payout_bank_unknown: { id: "number", bank: "text" },
  payout_line_unwritable: { id: "number", field: "field" },
  payout_result_unreadable: {},
  payout_result_columns: {},
  // CP58 (docs/decisions/cp58.md).
  cp58_not_eligible: { year: "number", paid: "money" },
  cp58_year_not_ended: { year: "number" },
  // E-invoices (docs/decisions/einvoices.md).
  msic_format: {},
  einvoice_not_set_up: { fields: "text" },
  einvoice_status: { status: "field" },
  cancel_window_passed: { hours: "number" },
  einvoice_month_not_ended: { month: "text" },
  einvoice_period_not_released: { status: "field" },
  myinvois_unavailable: {},
  myinvois_refused: { message: "text" },
  // Imports, members (docs/decisions/imports.md): a row's problem, `row` another row of the file.
  import_email_twice: { email: "text", row: "number" },
  import_username_twice: { username: "text", row: "number" },
  import_username_lookalike: { username: "text", row: "number" },
  import_tier_unknown: { tier: "text" },
  import_referrer_unknown: { referrer: "text" },
  import_referral_cycle: { rows: "text" },
  import_referrer_changed: { username: "text", referrer: "text" },
  import_referrer_added: { username: "text" },
  import_not_member: { email: "text" },
  // Messages (docs/decisions/messages.md).
  unknown_variable: { name: "text", allowed: "text" },
  template_unreadable: { message: "text" },
  password_reset_invalid: {},
  // Resend of a message that waits to be sent already (/messages).
  message_queued: {},
  // Imports (issue 43): reading a file, and products' and stock's rows (docs/decisions/imports.md).
  import_unreadable: {},
  import_columns_unknown: { columns: "text" },
  import_columns_missing: { columns: "text" },
  import_column_twice: { column: "text" },
  import_too_many_rows: { max: "number" },
  import_invalid: { count: "number" },
  import_sku_twice: { row: "number" },
  import_unknown_category: { name: "text" },
  import_unknown_tax_category: { name: "text" },
  import_unknown_image: { name: "text" },
  import_unknown_sku: { sku: "text" },
  import_variant_sku_taken: { sku: "text" },
  import_mode: {},
} as const satisfies Record<string, Record<string, ParamKind>>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/** A code's params by name: strings for text, numbers or decimal strings for figures. */
export type ErrorParams<C extends ErrorCode = ErrorCode> = {
  [K in keyof (typeof ERROR_CODES)[C]]: string | number;
};

/** An error as the API answers it beside its English message. */
export interface CodedError<C extends ErrorCode = ErrorCode> {
  code: C;
  params: ErrorParams<C>;
}

/** A coded error in one place: what an issue, a throw or a field error carries. */
export type Coded = { [C in ErrorCode]: CodedError<C> }[ErrorCode];

export const coded = <C extends ErrorCode>(code: C, params: ErrorParams<C>): Coded =>
  ({ code, params }) as Coded;

/**
 * The contract's English messages by the code and params they were made from.
 * Each message of a schema is made by `say()`, so a zod issue carrying it is
 * answered with its code; nothing reads the English to find the code.
 */
const saidMessages = new Map<string, Coded>();

/** An English message made from its code: the message a schema gives zod, remembered with its code. */
export function say<C extends ErrorCode>(code: C, params: ErrorParams<C>, message: string): string {
  saidMessages.set(message, coded(code, params));
  return message;
}

/** The field an issue's path names: its last named step ("variants.0.variant_name" → "variant_name"). */
function fieldOfPath(path: readonly PropertyKey[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const step = path[i];
    // A step of a path rebuilt from text ("variants/0/…") is a string even for an index.
    if (typeof step === "string" && !/^\d+$/.test(step)) return step;
  }
  return undefined;
}

/** A field-bearing code's params with the field the path names (the contract's field name). */
function withField(found: Coded, field: string | undefined): Coded {
  if (!("field" in found.params) || field === undefined) return found;
  return { code: found.code, params: { ...found.params, field } } as Coded;
}

/**
 * The code and params of a zod issue: the code its message was made with
 * (`say`), else one read from zod's own issue (a check given no message).
 * `params.field` is the field the path names, as the contract spells it.
 */
export function codeOfIssue(issue: z.core.$ZodIssue): Coded {
  const field = fieldOfPath(issue.path);
  const said = saidMessages.get(issue.message);
  if (said) return withField(said, field);
  const f = field ?? "";
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "number" || issue.expected === "int"
        ? coded("not_a_number", { field: f })
        : coded("required", { field: f });
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") {
        return min <= 1 ? coded("required", { field: f }) : coded("too_short", { field: f, min });
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return coded("required", { field: f });
      }
      return issue.inclusive === false && min === 0
        ? coded("above_zero", { field: f })
        : coded("too_small", { field: f, min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return coded("too_long", { field: f, max });
      if (issue.origin === "array" || issue.origin === "set") {
        return coded("too_many_items", { field: f, max });
      }
      return coded("too_big", { field: f, max });
    }
    case "invalid_format":
      if (issue.format === "email") return coded("invalid_email", { field: f });
      if (issue.format === "url") return coded("invalid_url", { field: f });
      return coded("invalid_format", { field: f });
    case "invalid_value":
      return coded("not_listed", { field: f });
    default:
      return coded("invalid_value", { field: f });
  }
}
