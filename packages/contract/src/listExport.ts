import { type AnyRecordDeclaration, DECLARED_RECORDS } from "./records";

/**
 * What a list's Excel export holds (docs/decisions/xlsx-export.md): the
 * columns of its screen, in the screen's order, each an answered field and
 * the English label its screen heads it with (a key of the web's `texts`
 * catalogue, so it reads the same in every language). A field without a
 * label is headed by its record-field name (the catalogue's `recordFields`).
 * A list not named here exports every field it answers. `_columns=a,b`
 * picks any answered fields, in that order.
 */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;

/** Fields a list answers for its screen only, worked out per page (no column holds them). */
const screenOnlyFields = new WeakSet<object>();

/** Marks a record's field as the screen's only: CSV and Excel files leave it out. */
export function screenOnly<T extends object>(schema: T): T {
  screenOnlyFields.add(schema);
  return schema;
}

/** True for a field marked screenOnly. */
export const isScreenOnly = (schema: unknown): boolean =>
  typeof schema === "object" && schema !== null && screenOnlyFields.has(schema);
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The media type of an `_format=xlsx` answer. */
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The languages an export can be headed in (the web's LANGUAGES codes). */
export const EXPORT_LANGUAGES = ["en", "ms", "zh"] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** One column: the answered field, and the screen's English header when it has its own. */
export type ExportColumn = readonly [field: string, label?: string];

const created = ["created_at", "Created Date"] as const;
const updated = ["updated_at", "Updated Date"] as const;
const status = (field: string) => [field, "Status"] as const;

/** A declared record's: its fields but images, then its dates (contract/src/record.ts). */
const declaredColumns = (record: AnyRecordDeclaration): ExportColumn[] => [
  ...record.fields.filter((f) => f.kind !== "image").map((f) => [f.name, f.label] as const),
  ...(["created_at", "updated_at"].every((field) => field in record.record.shape)
    ? [created, updated]
    : []),
];

/** By the list's API path (`/api/<path>`). */
export const LIST_COLUMNS: Readonly<Record<string, readonly ExportColumn[]>> = {
  ...Object.fromEntries(DECLARED_RECORDS.map((record) => [record.name, declaredColumns(record)])),
  orders: [
    ["order_number", "Order Number"],
    ["username", "Customer Username"],
    ["contact", "Customer Phone"],
    ["total_price", "Total Price"],
    ["points_earned", "Points Earned"],
    ["coupon_code", "Coupon Code"],
    ["recipient_name", "Recipient Name"],
    ["recipient_contact", "Recipient Contact"],
    ["address_1"],
    ["address_2"],
    ["postcode"],
    ["state"],
    ["country"],
    ["tracking_number", "Tracking Number"],
    status("order_status"),
    created,
    ["paid_on", "Paid Date"],
    ["ship_out_by", "Ship Out By"],
    ["completed_at", "Completed Date"],
    updated,
  ],
  users: [
    ["username", "Username"],
    ["f_name", "First Name"],
    ["l_name", "Last Name"],
    ["gender", "Gender"],
    ["DOB", "D.O.B"],
    ["email", "E-mail"],
    ["contact", "Contact"],
    ["role", "Role"],
    ["membership_name", "Membership"],
    ["down_line", "Down Line"],
    ["referrer_username", "Referral of"],
    ["ttl_order", "Total Order"],
    status("user_status"),
    created,
    updated,
  ],
  usersWallet: [
    ["username", "Username"],
    ["f_name", "First Name"],
    ["l_name", "Last Name"],
    ["email", "E-mail"],
    ["contact", "Phone"],
    ["wallet_amt", "Wallet Amount"],
    ["c_wallet_amt", "Cash Wallet Amount"],
    ["ttl_pv", "PV Amount"],
    ["recent_spend_at", "Recent Spend Date"],
  ],
  withdrawRequest: [
    ["username", "Username"],
    ["f_name", "First Name"],
    ["l_name", "Last Name"],
    ["email", "E-mail"],
    ["contact", "Phone"],
    ["bank_acc", "Bank Account"],
    ["bank_name", "Bank Name"],
    ["withdraw_amt", "Withdraw Amount"],
    ["tax_withheld", "Tax Withheld"],
    ["net_amt", "Net Amount"],
    status("withdraw_status"),
    ["request_at", "Request Date"],
    ["cashOut_at", "Cash Out Date"],
    ["rejected_at", "Rejected Date"],
    ["first_approved_by_username", "First Approved By"],
    ["first_approved_at", "First Approved Date"],
  ],
  memberships: [
    ["membership", "Member Title"],
    ["member_percentage", "Member Discount %"],
    ["member_earning", "Member Earning %"],
    ["min_requirement", "Member Requirement"],
    ["req_condition", "Requirement Condition"],
    ["rank", "Rank"],
    created,
    updated,
  ],
  categories: [
    ["category_name", "Category Name"],
    ["products_in_cat", "Products In Category"],
    status("cat_status"),
    ["created_at", "Created At"],
    ["updated_at", "Updated At"],
  ],
  vouchers: [
    ["voucher_code", "Coupon Code"],
    ["discount", "Discount"],
    ["discount_cap", "Discount Cap"],
    ["discount_type", "Type"],
    status("voucher_status"),
    ["expired_at", "Expired Date"],
    created,
    updated,
  ],
  agencyStore: [
    ["store_username", "Store Username"],
    ["store_name", "Store Name"],
    ["owner", "Owner"],
    ["store_email", "Store E-mail"],
    ["owner_contact", "Owner Phone"],
    status("store_status"),
    created,
    ["expired_at", "Expired Date"],
  ],
  banner: [["title", "Title"], ["subtitle", "Subtitle"], status("banner_status"), created],
  testimonials: [
    ["username", "Customer Username"],
    ["f_name", "First Name"],
    ["l_name", "Last Name"],
    ["testimonial_title", "Testimonial Title"],
    ["testimonial_content", "Content"],
    status("testimonial_status"),
    created,
    updated,
  ],
  auditLog: [
    ["created_at", "Date"],
    ["actor", "Changed by"],
    ["action", "Action"],
    ["entity", "Record"],
    ["entity_id", "Record ID"],
    ["label"],
    ["before", "Before"],
    ["after", "After"],
  ],
};

/**
 * A field's values by name, in English (translated like any label): the
 * on/off switches of every list, a withdrawal's status. Order statuses are
 * named by their lookup table (server side).
 */
export const VALUE_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  withdraw_status: { processing: "Processing", completed: "Completed", rejected: "Rejected" },
  ...Object.fromEntries(
    DECLARED_RECORDS.flatMap((record) =>
      record.fields.flatMap((f) =>
        f.kind === "status"
          ? [[f.name, { "1": "Active", "0": "Inactive" }]]
          : f.choices
            ? [[f.name, f.choices]]
            : [],
      ),
    ),
  ),
  ...Object.fromEntries(
    [
      "user_status",
      "cat_status",
      "voucher_status",
      "store_status",
      "banner_status",
      "testimonial_status",
      "product_status",
    ].map((field) => [field, { "1": "Active", "0": "Inactive" }]),
  ),
};

/** The fields of a list's export when `_columns` is not given (undefined: every answered field). */
export function defaultExportFields(list: string): string[] | undefined {
  return Object.hasOwn(LIST_COLUMNS, list)
    ? LIST_COLUMNS[list]?.map(([field]) => field)
    : undefined;
}

/** The screen's English header of a list's field, if it has its own. */
export function exportLabel(list: string, field: string): string | undefined {
  const columns = Object.hasOwn(LIST_COLUMNS, list) ? LIST_COLUMNS[list] : undefined;
  return columns?.find(([name]) => name === field)?.[1];
}
