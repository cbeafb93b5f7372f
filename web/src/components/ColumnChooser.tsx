import { Button, Dropdown, Form } from "react-bootstrap";
import { translate } from "../i18n/messages";
import { type Column, columnId, isFixed, shownColumns } from "./columns";
import type { ListState } from "./useListState";

/**
 * "Columns": a menu of labelled tick boxes, one per column in the list's
 * order, remembered per admin per list (list.chooseColumns). The key, the
 * money, the status and the actions are ticked and cannot be unticked.
 * Tab and Shift+Tab move through the boxes, Space ticks, Escape closes.
 */
export function ColumnChooser<T>({
  list,
  columns,
  id = "list-columns",
}: {
  list: ListState;
  columns: readonly Column<T>[];
  id?: string;
}) {
  const shown = new Set(shownColumns(columns, list.columnChoice).map(columnId));
  const choosable = columns.filter((c) => !isFixed(c)).map(columnId);
  const toggle = (column: Column<T>, on: boolean) => {
    const target = columnId(column);
    list.chooseColumns({
      shown: choosable.filter((c) => (c === target ? on : shown.has(c))),
      known: choosable,
    });
  };
  return (
    <Dropdown autoClose="outside">
      <Dropdown.Toggle id={id} size="sm" variant="outline-secondary" className="text-nowrap">
        {translate("Columns")}
      </Dropdown.Toggle>
      <Dropdown.Menu className="px-3 py-2 column-chooser" style={{ minWidth: 220 }}>
        <fieldset>
          <legend className="small fw-semibold mb-1 float-none w-auto">
            {translate("Columns to show")}
          </legend>
          {columns.map((column) => {
            const key = columnId(column);
            return (
              <Form.Check
                key={key}
                id={`${id}-${key.replace(/[^A-Za-z0-9_-]/g, "-")}`}
                label={translate(column.header)}
                checked={shown.has(key)}
                disabled={isFixed(column)}
                onChange={(e) => toggle(column, e.target.checked)}
              />
            );
          })}
        </fieldset>
        <Button
          size="sm"
          variant="link"
          className="px-0 mt-1"
          disabled={list.columnChoice === null}
          onClick={() => list.chooseColumns(null)}
        >
          {translate("Default columns")}
        </Button>
      </Dropdown.Menu>
    </Dropdown>
  );
}
