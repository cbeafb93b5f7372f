import type { AgencyStore } from "@store/contract";
import { agencyStores } from "../../api/agency";
import {
  type Column,
  deleteAction,
  type ListFilter,
  RecordList,
  StatusBadge,
  statusActions,
  statusFilter,
  useListState,
} from "../../components";
import { tx } from "../../i18n/messages";
import { formatDate, formatDateTime } from "../../lib/format";

const filters: ListFilter[] = [
  statusFilter("store_status"),
  { kind: "dates", name: "expired_at", label: "Expired Date" },
];

/** /agency: the agency stores, with edit and a confirmed delete per row. */
export default function AgencyList() {
  const list = useListState({ filters });
  const { data, isLoading } = agencyStores.useList(list.params);
  const remove = agencyStores.useRemove();
  const bulk = agencyStores.useBulk();

  const columns: Column<AgencyStore>[] = [
    {
      header: "Store Username",
      cell: (s) => s.store_username,
      sort: "store_username",
      sticky: "start",
    },
    { header: "Store Name", cell: (s) => s.store_name, sort: "store_name" },
    { header: "Owner", cell: (s) => s.owner, sort: "owner" },
    { header: "Store E-mail", cell: (s) => s.store_email, sort: "store_email" },
    { header: "Owner Phone", cell: (s) => s.owner_contact, sort: "owner_contact" },
    { header: "Status", cell: (s) => <StatusBadge value={s.store_status} />, sort: "store_status" },
    {
      header: "Created Date",
      cell: (s) => formatDate(s.created_at),
      className: "text-nowrap",
      sort: "created_at",
    },
    {
      header: "Expired Date",
      cell: (s) => formatDateTime(s.expired_at),
      className: "text-nowrap",
      sort: "expired_at",
    },
  ];

  return (
    <RecordList
      list={list}
      exportFrom={agencyStores.list}
      bulk={{
        noun: { one: "agency store", many: "agency stores" },
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      title={tx("Agency Store")}
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
