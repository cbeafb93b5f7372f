import type { ReactNode } from "react";
import type { ColumnChoice } from "./columnStore";

/**
 * What a column is to the operator. These are always shown (the column
 * chooser cannot hide them) and make a row's card on a phone: its key, its
 * money, its status and its actions.
 */
export type ColumnRole = "key" | "money" | "status" | "actions";

export interface Column<T> {
  header: string;
  /** `index` is the row's position in the whole list, from 0. */
  cell: (row: T, index: number) => ReactNode;
  className?: string;
  /** The API field a click on the header sorts by (again: the other way). */
  sort?: string;
  /**
   * Kept in view while the table scrolls sideways: the row's key columns
   * ("start", leading ones) and its status and actions ("end", stuck to the
   * right edge in their order while their place is scrolled out of view).
   */
  sticky?: "start" | "end";
  /** The API field the column shows (the export's `_columns`, the chooser's memory); `sort` when left out. */
  field?: string;
  /** The API fields the column shows when more than one (Full Name: first and last name), for the export. */
  exportFields?: string[];
  role?: ColumnRole;
  /** Not in the list's default set: shown when the admin chooses it (Columns). */
  optional?: boolean;
  /** Long text (an address): one line cut with an ellipsis, the whole text on hover and on the card's "More". */
  long?: boolean;
}

/** The column's name in the chooser's memory: its field, else its header. */
export function columnId<T>(column: Column<T>): string {
  return column.field ?? column.sort ?? column.header;
}

/**
 * The chooser cannot hide the key, the money, the status or the actions;
 * an optional one of them (a payout's tax withheld) is the admin's to choose.
 */
export function isFixed<T>(column: Column<T>): boolean {
  return column.role !== undefined && !column.optional;
}

/**
 * The columns on show, in the list's own (the spec's) order whatever the
 * order of the choice: fixed ones always, a column the admin chose about as
 * chosen, any other by its default.
 */
export function shownColumns<T>(
  columns: readonly Column<T>[],
  choice: ColumnChoice | null,
): Column<T>[] {
  return columns.filter((column) => {
    if (isFixed(column)) return true;
    const id = columnId(column);
    if (choice?.known.includes(id)) return choice.shown.includes(id);
    return !column.optional;
  });
}

/**
 * The API fields of the columns on show, in order (what the Export sends as
 * `_columns`): the columns that show a field, the actions and the row number left out.
 */
export function shownFields<T>(
  columns: readonly Column<T>[],
  choice: ColumnChoice | null,
): string[] {
  return shownColumns(columns, choice).flatMap((column) => {
    if (column.role === "actions") return [];
    if (column.exportFields) return column.exportFields;
    const field = column.field ?? column.sort;
    return field === undefined ? [] : [field];
  });
}

/** The fields of T whose values are wire timestamps or dates (text, or none). */
type DateField<T> = {
  [K in keyof T]: T[K] extends string | null | undefined ? K : never;
}[keyof T] &
  string;

/**
 * A date column (Created Date, Updated Date, Expired Date): the record's
 * `field` as `show` writes it (lib/format.ts: a date, a date and time, the
 * short form), on one line, sorted by that field.
 */
export function dateColumn<T>(
  header: string,
  field: DateField<T>,
  show: (value: string | null | undefined) => string,
  options: Pick<Column<T>, "optional"> = {},
): Column<T> {
  return {
    header,
    cell: (row) => show(row[field] as string | null | undefined),
    className: "text-nowrap",
    sort: field,
    ...options,
  };
}
