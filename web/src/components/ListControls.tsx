import { Button, Dropdown, Form } from "react-bootstrap";
import { exportUrl, type ListParams } from "../api/crud";
import { currentLanguage } from "../i18n";
import { translate } from "../i18n/messages";
import { useMayDo } from "../resources/context";
import { DateInput } from "./DateInput";
import { type ListFilter, type ListState, useSearchText } from "./useListState";

/** The list's search box: applied after a pause, dropped if the admin has left the list. */
export function SearchBox({
  list,
  label = "Search",
  visibleLabel = "Search:",
  placeholder,
  className,
}: {
  list: ListState;
  /** Its accessible name. */
  label?: string;
  /** The text before the box; none for a box that stands alone (products). */
  visibleLabel?: string | null;
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useSearchText(list);
  const box = (
    <Form.Control
      size={visibleLabel ? "sm" : undefined}
      type="search"
      value={text}
      placeholder={placeholder}
      onChange={(e) => setText(e.target.value)}
      aria-label={translate(label)}
      className={visibleLabel ? undefined : className}
      style={visibleLabel ? { width: 220 } : undefined}
    />
  );
  if (!visibleLabel) return box;
  return (
    <Form.Label className={`d-flex align-items-center gap-2 mb-0 ${className ?? ""}`}>
      {translate(visibleLabel)}
      {box}
    </Form.Label>
  );
}

/**
 * Downloads what the list shows, every page of it: the server answers the
 * same call with `_format=xlsx` (the columns on show, headed in the chosen
 * language) or `_format=csv` as a file (its name from Content-Disposition),
 * streamed, so links rather than a fetch into memory. Excel comes first.
 */
export function ExportButton({
  list,
  from,
  columns,
  params = list.exportParams,
}: {
  list: ListState;
  from: string;
  /**
   * The API fields of the columns on show, in the list's order (columns.ts,
   * shownFields): what an export of "the columns shown" sends as `_columns`.
   */
  columns?: string[];
  /** What the file holds, when more than the list's own state (a member's statement). */
  params?: ListParams;
}) {
  // Files need `export` beside the list's view (the server refuses them anyway).
  const mayExport = useMayDo("export");
  if (!mayExport) return null;
  const xlsx = exportUrl(from, params, "xlsx", { columns, lang: currentLanguage() });
  return (
    <Dropdown>
      <Dropdown.Toggle
        id={`export-${from}`}
        size="sm"
        variant="outline-secondary"
        className="text-nowrap"
        title={translate("Download what is on show (filters and sort, every page)")}
      >
        {translate("Export")}
      </Dropdown.Toggle>
      <Dropdown.Menu align="end">
        <Dropdown.Item href={xlsx} download>
          {translate("Excel (.xlsx)")}
        </Dropdown.Item>
        <Dropdown.Item href={exportUrl(from, params, "csv")} download>
          {translate("CSV")}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}

function ChoiceFilter({
  list,
  filter,
}: {
  list: ListState;
  filter: Extract<ListFilter, { kind: "choice" }>;
}) {
  const chosen = list.values(filter.name);
  if (!filter.multiple) {
    return (
      <Form.Group controlId={`filter-${filter.name}`}>
        <Form.Label className="small mb-1">{translate(filter.label)}</Form.Label>
        <Form.Select
          size="sm"
          value={chosen[0] ?? ""}
          onChange={(e) => list.setFilter(filter.name, e.target.value ? [e.target.value] : [])}
        >
          <option value="">{translate("All")}</option>
          {filter.options.map((o) => (
            <option key={o.value} value={o.value}>
              {translate(o.label)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    );
  }
  const names = filter.options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  const id = `filter-${filter.name}`;
  return (
    <div>
      <div className="small mb-1" id={`${id}-label`}>
        {translate(filter.label)}
      </div>
      <Dropdown autoClose="outside">
        <Dropdown.Toggle
          id={id}
          size="sm"
          variant="outline-secondary"
          className="text-truncate bg-body text-body"
          style={{ maxWidth: 240 }}
          aria-labelledby={`${id}-label ${id}`}
        >
          {names.length ? names.map((n) => translate(n)).join(", ") : translate("All")}
        </Dropdown.Toggle>
        <Dropdown.Menu className="px-3 py-2" style={{ minWidth: 200 }}>
          {filter.options.map((o) => (
            <Form.Check
              key={o.value}
              id={`${id}-${o.value}`}
              label={translate(o.label)}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                list.setFilter(
                  filter.name,
                  e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value),
                )
              }
            />
          ))}
        </Dropdown.Menu>
      </Dropdown>
    </div>
  );
}

function DateRangeFilter({
  list,
  filter,
}: {
  list: ListState;
  filter: Extract<ListFilter, { kind: "dates" }>;
}) {
  // A time in the URL (an alert's link) shows as its day; the API gets it whole.
  const [from = "", to = ""] = list.values(filter.name).map((v) => v.slice(0, 10));
  return (
    <fieldset>
      <legend className="small mb-1 float-none w-auto">{translate(filter.label)}</legend>
      <div className="d-flex align-items-center gap-1">
        <DateInput
          size="sm"
          style={{ width: 120 }}
          aria-label={translate("{{field}} from", { field: translate(filter.label) })}
          value={from}
          onChange={(from) => list.setDates(filter.name, { from })}
        />
        <span className="small text-muted">{translate("to")}</span>
        <DateInput
          size="sm"
          style={{ width: 120 }}
          aria-label={translate("{{field}} to", { field: translate(filter.label) })}
          value={to}
          onChange={(to) => list.setDates(filter.name, { to })}
        />
      </div>
    </fieldset>
  );
}

/** One field of the filter bar, for screens that place their fields themselves. */
export function FilterField({ list, filter }: { list: ListState; filter: ListFilter }) {
  return filter.kind === "dates" ? (
    <DateRangeFilter list={list} filter={filter} />
  ) : (
    <ChoiceFilter list={list} filter={filter} />
  );
}

/** The list's filters (each to the URL and to the API), and Clear when any is set. */
export function FilterBar({ list }: { list: ListState }) {
  const shown = list.filters.filter((f) => f.kind === "dates" || !f.custom);
  if (shown.length === 0) return null;
  return (
    <fieldset
      className="d-flex flex-wrap align-items-end gap-3 mb-3"
      aria-label={translate("Filters")}
    >
      {shown.map((filter) => (
        <FilterField key={filter.name} list={list} filter={filter} />
      ))}
      {list.filtered && (
        <Button size="sm" variant="link" className="px-0" onClick={list.clearFilters}>
          {translate("Clear filters")}
        </Button>
      )}
    </fieldset>
  );
}
