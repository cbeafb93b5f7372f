import { LIST_COLUMNS, PAGE_SIZES } from "@store/contract";
import { Form } from "react-bootstrap";
import { translate } from "../../i18n/messages";
import { ColumnChooser } from "../ColumnChooser";
import { type Column, shownFields } from "../columns";
import { ExportButton, SearchBox } from "../ListControls";
import type { ListState } from "../useListState";

/**
 * Of the fields on show, those the list's export knows (the contract's
 * LIST_COLUMNS). Undefined: the list's own.
 */
function exportableFields(list: string, fields: string[]): string[] | undefined {
  const known = Object.hasOwn(LIST_COLUMNS, list) ? LIST_COLUMNS[list] : undefined;
  if (!known) return undefined;
  const exportable = new Set(known.map(([field]) => field));
  return fields.filter((field) => exportable.has(field));
}

/** Above a list: show entries, the search, the column chooser and the Export. */
export function ListToolbar<T>({
  list,
  columns,
  searchable,
  chooser,
  exportFrom,
}: {
  list: ListState;
  columns: Column<T>[];
  /** false for a list the API does not search. */
  searchable: boolean;
  /** A phone's cards show every field (their "More"): no columns to choose there. */
  chooser: boolean;
  /** The API list path: an Export button downloads what is on show. */
  exportFrom?: string | undefined;
}) {
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
      <Form.Label className="d-flex align-items-center gap-2 mb-0">
        {translate("Show")}
        <Form.Select
          size="sm"
          style={{ width: "auto" }}
          value={list.size}
          onChange={(e) => list.setSize(Number(e.target.value))}
          aria-label={translate("Show entries")}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Form.Select>
        {translate("entries")}
      </Form.Label>
      <div className="d-flex flex-wrap align-items-center gap-2">
        {searchable && <SearchBox list={list} />}
        {chooser && <ColumnChooser list={list} columns={columns} />}
        {exportFrom && (
          <ExportButton
            list={list}
            from={exportFrom}
            columns={exportableFields(exportFrom, shownFields(columns, list.columnChoice))}
          />
        )}
      </div>
    </div>
  );
}
