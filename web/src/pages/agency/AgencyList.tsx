import type { AgencyStore } from "@store/contract";
import { agencyStores } from "../../api/agency";
import { type Column, RecordList, StatusBadge, useListState } from "../../components";
import { formatDate, formatDateTime } from "../../lib/format";

/** /agency: the agency stores, with edit and a confirmed delete per row. */
export default function AgencyList() {
  const list = useListState();
  const { data, isLoading } = agencyStores.useList(list.params);
  const remove = agencyStores.useRemove();

  const columns: Column<AgencyStore>[] = [
    { header: "Store Username", cell: (s) => s.store_username },
    { header: "Store Name", cell: (s) => s.store_name },
    { header: "Owner", cell: (s) => s.owner },
    { header: "Store E-mail", cell: (s) => s.store_email },
    { header: "Owner Phone", cell: (s) => s.owner_contact },
    { header: "Status", cell: (s) => <StatusBadge value={s.store_status} /> },
    { header: "Created Date", cell: (s) => formatDate(s.created_at), className: "text-nowrap" },
    {
      header: "Expired Date",
      cell: (s) => formatDateTime(s.expired_at),
      className: "text-nowrap",
    },
  ];

  return (
    <RecordList
      title="Agency Store"
      addTo="/addAgency"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.store_id}
      nameOf={(row) => row.store_name}
      editTo={(row) => `/editAgency?sid=${row.store_id}`}
      remove={remove}
    />
  );
}
