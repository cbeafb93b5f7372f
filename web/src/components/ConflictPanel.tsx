import { createContext, useContext, useEffect, useId, useRef, useState } from "react";
import { Button } from "react-bootstrap";
import { get } from "react-hook-form";
import type { Conflict } from "../api/client";
import { fieldLabel, translate } from "../i18n/messages";
import { formatDateTime } from "../lib/format";
import { shownValue } from "./AuditChanges";

/**
 * The labels a form's fields show, by field name: <Field> and <StatusSwitch>
 * put theirs in as they are drawn, so the conflict panel names a field as the
 * form does ("Order Status"), and falls back to the audit trail's name of the
 * column (i18n `recordFields`, as AuditChanges) for a field the form has not.
 */
export type FieldLabels = Map<string, string>;
export const FieldLabelsContext = createContext<FieldLabels | null>(null);

/** Puts a field's label in the form's catalogue (a label that is not plain text is left out). */
export function useRegisterFieldLabel(name: string, label: unknown): void {
  const labels = useContext(FieldLabelsContext);
  if (labels && typeof label === "string") labels.set(name, label);
}

/** Fields a conflict lists no row for: they change with every save and say nothing of their own. */
const NOISE = new Set(["updated_at", "version"]);

/** A 412 met by a form's save, with the form's values when it was met. */
export interface FormConflict<TValues> {
  conflict: Conflict;
  yours: TValues;
}

/** What the panel's buttons are doing: reading the latest, and then saving on top of it. */
export type Resolving = "load" | "apply" | null;

/**
 * Shown at the top of a form whose save met a 412 (another admin saved the
 * record first): who and when, and per field that changed, the form's value
 * (kept as typed) and the value now; then "Load the latest" (the typing is
 * dropped) or "Apply my changes on top" (the fields this admin changed, put
 * on the latest and saved with its version). It takes the focus, so a
 * keyboard or screen reader user is brought to it.
 */
export function ConflictPanel<TValues>({
  state,
  labels,
  resolving,
  onLoadLatest,
  onApplyMine,
}: {
  state: FormConflict<TValues>;
  labels: FieldLabels;
  resolving: Resolving;
  onLoadLatest: () => void;
  onApplyMine: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  // Drawn anew for each conflict (its key, RecordForm): each brings the focus here.
  useEffect(() => {
    panel.current?.focus();
  }, []);
  const { conflict, yours } = state;
  const changes = conflict.changes.filter((c) => !NOISE.has(c.field));
  const when = conflict.changed_at ? formatDateTime(conflict.changed_at) : null;
  const who = conflict.changed_by;
  const label = (field: string) => {
    const own = labels.get(field);
    return own ? translate(own) : fieldLabel(field);
  };
  // A field the form chooses from a list (order status, gender): its values by the
  // options' texts as the form shows them ("Shipped", not 3), read from the form's
  // own <select>, so every form has it without listing its options again.
  const [optionTexts, setOptionTexts] = useState<Map<string, Map<string, string>>>(new Map());
  useEffect(() => {
    const form = panel.current?.closest("form");
    const texts = new Map<string, Map<string, string>>();
    for (const { field } of conflict.changes) {
      const select = form?.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(field)}"]`);
      if (select) texts.set(field, new Map([...select.options].map((o) => [o.value, o.text])));
    }
    setOptionTexts(texts);
  }, [conflict]);
  const shown = (field: string, value: unknown) => {
    const text =
      value === null || value === undefined
        ? undefined
        : optionTexts.get(field)?.get(String(value));
    return text ?? shownValue(value, field);
  };
  // The form's value, as typed; a field the form does not hold: the value this admin was shown.
  const yourValue = (field: string, was: unknown) => {
    const value: unknown = get(yours, field);
    return value === undefined ? was : value;
  };
  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="alert alert-warning conflict-panel"
      data-testid="conflict-panel"
    >
      <h2 id={titleId} className="h6 alert-heading">
        {translate("Someone else changed this record")}
      </h2>
      {(who || when) && (
        <p className="mb-1 small">
          {who && when
            ? translate("Changed by {{name}} at {{time}}", { name: who, time: when })
            : who
              ? translate("Changed by {{name}}", { name: who })
              : translate("Changed at {{time}}", { time: when ?? "" })}
        </p>
      )}
      <p className="mb-2 small">
        {translate(
          "Nothing was saved. Your changes are still in the form: load the latest, or apply your changes on top of it.",
        )}
      </p>
      {changes.length > 0 && (
        <table className="table table-sm mb-2 small conflict-changes">
          <caption className="visually-hidden">
            {translate("Fields changed by someone else")}
          </caption>
          <thead>
            <tr>
              <th scope="col">{translate("Field")}</th>
              <th scope="col">{translate("Your value")}</th>
              <th scope="col">{translate("Value now")}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field}>
                <th scope="row" className="fw-normal">
                  {label(c.field)}
                </th>
                <td>{shown(c.field, yourValue(c.field, c.was))}</td>
                <td>{shown(c.field, c.now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={resolving !== null} onClick={onLoadLatest}>
          {resolving === "load" ? translate("Loading…") : translate("Load the latest")}
        </Button>
        <Button size="sm" variant="primary" disabled={resolving !== null} onClick={onApplyMine}>
          {resolving === "apply" ? translate("Saving…") : translate("Apply my changes on top")}
        </Button>
      </div>
    </section>
  );
}
