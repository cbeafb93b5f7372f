import type { AgencyStore } from "@store/contract";
import { agencyStores } from "../../api/agency";
import {
  type Column,
  dateColumn,
  deleteAction,
  type ListFilter,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useRecordList,
} from "../../components";
import { formatDate, formatDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const filters: ListFilter[] = [
  statusFilter("store_status"),
  { kind: "dates", name: "expired_at", label: "Expired Date" },
];

const idOf = (row: AgencyStore) => row.store_id;
const nameOf = (row: AgencyStore) => row.store_name;

/** /agency: the agency stores, with edit and a confirmed delete per row. */
export default function AgencyList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(agencyStores, { filters });

  const columns: Column<AgencyStore>[] = [
    {
      header: "Store Username",
      role: "key",
      cell: (s) => s.store_username,
      sort: "store_username",
      sticky: "start",
    },
    { header: "Store Name", cell: (s) => s.store_name, sort: "store_name" },
    { header: "Owner", cell: (s) => s.owner, sort: "owner" },
    { header: "Store E-mail", optional: true, cell: (s) => s.store_email, sort: "store_email" },
    { header: "Owner Phone", cell: (s) => s.owner_contact, sort: "owner_contact" },
    statusColumn({ field: "store_status", of: (s) => s.store_status, idOf, nameOf, run: bulk }),
    dateColumn("Created Date", "created_at", formatDate, { optional: true }),
    dateColumn("Expired Date", "expired_at", formatDateTime),
  ];

  return (
    <RecordList
      {...table}
      bulk={{
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      columns={columns}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
    />
  );
}
