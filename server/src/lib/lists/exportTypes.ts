// What a whole-list export is, in a file of its own: lib/xlsx.ts reads it and
// lists/index.ts answers with lib/xlsx.ts, so a type taken from index.ts would make a cycle.
import type { ExportFormat } from "@store/contract";
import type { Tx } from "../../db/client";
import type { Fields } from "../filters";

/** The CSV lines of the whole list, for the given fields (the answered record's, in its order). */
export type CsvLines = (fields: string[]) => AsyncIterable<string>;

/** A whole-list export: its lines for the given fields, in the asked format. */
export interface ListExport {
  format: ExportFormat;
  /** CSV lines (lib/csv.ts, csvLineSql), or one JSON array a line (jsonLineSql) for a workbook. */
  lines: CsvLines;
  /** What each field holds (the cell types of a workbook). */
  fields: Fields;
  db: Tx;
}
