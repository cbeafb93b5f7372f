import { Form } from "react-bootstrap";
import { translate } from "../i18n/messages";
import { useMayDo } from "../resources/context";
import type { PickedRow, Selection } from "./table/useSelection";

/** The tick box of a row (or a card). */
export function SelectBox<T>({
  selection,
  id,
  name,
  version,
  row,
  may,
}: {
  selection: Selection<T>;
  id: number;
  name: string;
  /** The version the row is shown with (the record's `version`). */
  version?: number | undefined;
  /** The record, kept for an action's `summary`. */
  row?: T | undefined;
  /** Whether the person may tick rows; by default, whether they may take the bulk actions. */
  may?: boolean | undefined;
}) {
  // Tick boxes only for a person who may take the bulk actions.
  const mayBulk = useMayDo("bulk");
  if (!(may ?? mayBulk)) return null;
  return (
    <Form.Check
      className="mb-0"
      aria-label={translate("Select {{name}}", { name })}
      checked={selection.has(id)}
      onChange={(e) => selection.toggle(id, name, e.target.checked, version, row)}
    />
  );
}

/** The box that ticks every row of the page. */
export function SelectPageBox<T>({
  selection,
  rows,
  may,
}: {
  selection: Selection<T>;
  rows: PickedRow<T>[];
  /** As SelectBox's. */
  may?: boolean | undefined;
}) {
  const mayBulk = useMayDo("bulk");
  const mayTick = may ?? mayBulk;
  const ticked = rows.filter((r) => selection.has(r.id)).length;
  if (!mayTick) return null;
  return (
    <Form.Check
      className="mb-0"
      aria-label={translate("Select all on this page")}
      checked={rows.length > 0 && ticked === rows.length}
      ref={(el: HTMLInputElement | null) => {
        if (el) el.indeterminate = ticked > 0 && ticked < rows.length;
      }}
      disabled={rows.length === 0}
      onChange={(e) => selection.togglePage(rows, e.target.checked)}
    />
  );
}
