import { IMPORT_COLUMNS, type ImportKind } from "@store/contract";
import { translate } from "../../i18n/messages";

/** A column of a kind's file as the screen names it: its label in the language, else its header. */
export function columnLabel(kind: ImportKind, name: string): string {
  const column = IMPORT_COLUMNS[kind].find((c) => c.name === name);
  return column ? translate(column.label) : name;
}

/** A check's count line: "12 rows: 10 to create, 2 to update." */
export function checkSummary(rows: number, create: number, update: number): string {
  return rows === 1
    ? translate("1 row: {{create}} to create, {{update}} to update.", { create, update })
    : translate("{{rows}} rows: {{create}} to create, {{update}} to update.", {
        rows,
        create,
        update,
      });
}
