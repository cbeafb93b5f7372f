import type { PermissionGroup } from "@store/contract";
import { permissionGroups, usePermissionCatalogue } from "../../api/staff";
import { type Column, dateColumn, deleteAction, RecordList, useRecordList } from "../../components";
import { translate } from "../../i18n/messages";
import { formatShortDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const idOf = (row: PermissionGroup) => row.group_id;
const nameOf = (row: PermissionGroup) => row.name;

/**
 * /roles: the permission groups a Staff member holds (docs/decisions/staff-accounts.md),
 * each with what it grants; a group still held by someone is not deleted (the 409 says so).
 */
export default function PermissionGroupList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(permissionGroups);
  const catalogue = usePermissionCatalogue();
  const labelOf = (code: string) =>
    translate(catalogue.data?.find((p) => p.code === code)?.label ?? code);

  const columns: Column<PermissionGroup>[] = [
    { header: "#", cell: (_g, i) => i + 1 },
    { header: "Group Name", role: "key", cell: (g) => g.name, sort: "name" },
    {
      header: "Permissions",
      long: true,
      cell: (g) =>
        g.permissions.length === 0
          ? translate("No permissions")
          : g.permissions.map(labelOf).join("; "),
    },
    dateColumn("Created Date", "created_at", formatShortDateTime),
    dateColumn("Updated Date", "updated_at", formatShortDateTime),
  ];

  return (
    <RecordList
      {...table}
      bulk={{ actions: [deleteAction], run: bulk }}
      columns={columns}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
    />
  );
}
