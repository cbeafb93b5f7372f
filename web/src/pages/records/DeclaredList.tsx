import { declaredRecord, type FieldDeclaration } from "@store/contract";
import { useMemo } from "react";
import { type DeclaredRow, recordCalls } from "../../api/records";
import {
  type Column,
  dateColumn,
  deleteAction,
  ImageWithFallback,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useRecordList,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatShortDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

type Dated = Pick<DeclaredRow, "created_at" | "updated_at">;

/**
 * The list of a declared record (contract/src/records.ts): a row number, each
 * declared field by its kind, the dates; edit, delete and, with a status, its
 * switch, filter and bulk Activate and Deactivate.
 */
export default function DeclaredList({ resource }: ScreenProps) {
  const record = declaredRecord(resource.name);
  const { status } = record;
  const filters = useMemo(() => (status ? [statusFilter(status)] : []), [status]);
  const { table, bulk } = useRecordList(recordCalls(record), { filters });
  const idOf = (row: DeclaredRow) => Number(row[record.key]);
  const nameOf = (row: DeclaredRow) => String(row[record.title] ?? "");

  const columnOf = (field: FieldDeclaration): Column<DeclaredRow> => {
    const { name, label } = field;
    const value = (row: DeclaredRow) => row[name] as string | number;
    switch (field.kind) {
      case "status":
        return statusColumn({ field: name, of: value, idOf, nameOf, run: bulk });
      case "image":
        return {
          header: label,
          cell: (row) => (
            <ImageWithFallback
              fileName={String(value(row) ?? "")}
              alt={nameOf(row)}
              className="rounded border"
              style={{ width: 56, height: 56, objectFit: "contain" }}
            />
          ),
        };
      case "percent":
        return { header: label, sort: name, cell: (row) => `${value(row)}%` };
      case "choice":
        return {
          header: label,
          sort: name,
          cell: (row) => translate(field.choices?.[value(row)] ?? String(value(row))),
        };
      default:
        return {
          header: label,
          sort: name,
          cell: value,
          ...(name === record.title ? { role: "key" as const } : {}),
        };
    }
  };

  const columns: Column<DeclaredRow>[] = [
    { header: "#", cell: (_row, i) => i + 1 },
    ...record.fields.map(columnOf),
    dateColumn<Dated>("Created Date", "created_at", formatShortDateTime),
    dateColumn<Dated>("Updated Date", "updated_at", formatShortDateTime),
  ];

  return (
    <RecordList
      {...table}
      bulk={{ actions: status ? [...statusActions, deleteAction] : [deleteAction], run: bulk }}
      columns={columns}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
    />
  );
}
