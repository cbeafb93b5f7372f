import type { AgencyStore } from "@store/contract";
import { Link } from "react-router";
import { agencyStores } from "../../api/agency";
import {
  type Column,
  DataTable,
  PageHeader,
  RowActions,
  StatusBadge,
  useDeleteDialog,
  useListState,
} from "../../components";
import { formatDate, formatDateTime } from "../../lib/format";

/** /agency: the agency stores, with edit and a confirmed delete per row. */
export default function AgencyList() {
  const list = useListState();
  const { data, isLoading } = agencyStores.useList(list.params);
  const remove = agencyStores.useRemove();
  const deleteDialog = useDeleteDialog<AgencyStore>({
    remove,
    idOf: (row) => row.store_id,
    question: (row) => `Are you sure you want to delete "${row.store_name}"?`,
  });

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
    {
      header: "Actions",
      className: "text-nowrap",
      cell: (s) => (
        <RowActions
          editTo={`/editAgency?sid=${s.store_id}`}
          name={s.store_name}
          onDelete={() => deleteDialog.ask(s)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Agency Store">
        <Link to="/addAgency" className="btn btn-primary">
          Add New
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable columns={columns} page={data} loading={isLoading} rowKey={(s) => s.store_id} />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
