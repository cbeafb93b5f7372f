import { type AuditEntry, VALUE_NAMES } from "@store/contract";
import { LEDGER_ACCOUNT_LABELS, type LedgerAccount } from "@store/contract/money";
import { fieldLabel, translate } from "../i18n/messages";
import { formatDate, formatDateTime } from "../lib/format";

/** One field's change in an audit row. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Fields whose change says nothing to a reader: the row's own time says when,
 * the version is the record's bookkeeping (record-versions.md), as are an
 * order's stock flag and currency sign and a record's member id (the row's
 * label and the record's own username name the member).
 */
const NOISE = new Set(["updated_at", "version", "stock_taken", "currency_symbol", "user_id"]);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Before and after, field by field: the fields that differ, in the order the
 * record lists them. A create has no before, a delete no after.
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => !NOISE.has(key) && !same(before?.[key], after?.[key]))
    .map((key) => ({ field: key, before: before?.[key], after: after?.[key] }));
}

/** Fields whose values are the back office's own words (Female, Admin, processing), not the store's data. */
const WORDS = new Set(["gender", "role", "withdraw_status", "two_step_login"]);

/** A time as the wire writes it ("2026-11-27 14:05:00", the store's zone); a day alone in a date field. */
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FIELD = /^DOB$|_at$|_on$|_date$/;

/**
 * A value as the admin reads it: nothing is "—", times in the screens'
 * format, objects as JSON, the app's own words translated.
 */
export function shownValue(value: unknown, field = ""): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "object") return JSON.stringify(value);
  // A status by its name (Processing, Active), as the lists' files name it.
  const named = Object.hasOwn(VALUE_NAMES, field) ? VALUE_NAMES[field]?.[String(value)] : undefined;
  if (named) return translate(named);
  if (typeof value === "string" && TIME.test(value)) return formatDateTime(value);
  if (typeof value === "string" && DAY.test(value) && DAY_FIELD.test(field))
    return formatDate(value);
  // A ledger entry's balance by its name ("wallet" → "Wallet"), in the chosen language.
  if (field === "account" && Object.hasOwn(LEDGER_ACCOUNT_LABELS, String(value)))
    return translate(LEDGER_ACCOUNT_LABELS[value as LedgerAccount]);
  return WORDS.has(field) ? translate(String(value)) : String(value);
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A value of the row, named where the server named it (`names`): a person by
 * their username, not "First approved by 1"; an order status by its name in
 * the chosen language; a tier by its title.
 */
function rowValue(
  entry: Partial<Pick<AuditEntry, "names">>,
  field: string,
  value: unknown,
): string {
  const name =
    value === null || value === undefined ? undefined : entry.names?.[field]?.[String(value)];
  if (name === undefined) return shownValue(value, field);
  return field === "order_status" ? capitalised(translate(name)) : name;
}

/** The field-by-field difference of one audit row, as a small table. */
export function AuditChanges({
  entry,
}: {
  entry: Pick<AuditEntry, "before" | "after"> & Partial<Pick<AuditEntry, "names">>;
}) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0)
    return <span className="text-muted small">{translate("No field changed.")}</span>;
  return (
    <table className="table table-sm table-borderless mb-0 small audit-changes">
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{translate("Field")}</th>
          <th scope="col">{translate("Before")}</th>
          <th scope="col">{translate("After")}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field}>
            <th scope="row" className="fw-normal text-muted text-nowrap pe-2">
              {fieldLabel(c.field)}
            </th>
            <td className="text-decoration-line-through text-danger-emphasis">
              <span className="visually-hidden">{translate("from")} </span>
              {rowValue(entry, c.field, c.before)}
            </td>
            <td className="text-success-emphasis">
              <span className="visually-hidden">{translate("to")} </span>
              {rowValue(entry, c.field, c.after)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
