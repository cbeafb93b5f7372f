import type { AuditEntry } from "@store/contract";
import { LEDGER_ACCOUNT_LABELS, type LedgerAccount } from "@store/contract/money";
import { fieldLabel, translate } from "../i18n/messages";
import { MEMBER_KINDS } from "./AuditRecord";

/** One field's change in an audit row. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Fields whose change says nothing the row's own time does not. */
const NOISE = new Set(["updated_at"]);

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

/** A value as the admin reads it: nothing is "—", objects as JSON, the app's own words translated. */
export function shownValue(value: unknown, field = ""): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "object") return JSON.stringify(value);
  // A ledger entry's balance by its name ("wallet" → "Wallet"), in the chosen language.
  if (field === "account" && Object.hasOwn(LEDGER_ACCOUNT_LABELS, String(value)))
    return translate(LEDGER_ACCOUNT_LABELS[value as LedgerAccount]);
  return WORDS.has(field) ? translate(String(value)) : String(value);
}

/**
 * A value of the row, named where the row knows the name: the member of a
 * ledger entry, wallet or withdrawal is their username (the row's label)
 * beside the id, not "User ID 5" alone.
 */
function rowValue(
  entry: Partial<Pick<AuditEntry, "entity" | "label">>,
  field: string,
  value: unknown,
): string {
  const shown = shownValue(value, field);
  const named = field === "user_id" && entry.label && MEMBER_KINDS.has(entry.entity ?? "");
  return named && value !== null && value !== undefined ? `${entry.label} (#${shown})` : shown;
}

/** The field-by-field difference of one audit row, as a small table. */
export function AuditChanges({
  entry,
}: {
  entry: Pick<AuditEntry, "before" | "after"> & Partial<Pick<AuditEntry, "entity" | "label">>;
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
