import type { AgencyStore } from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { agencyStores } from "../../api/agency";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  PageHeader,
  StatusBadge,
  useListState,
} from "../../components";
import { formatDate, formatDateTime } from "../../lib/format";

/** /agency: the agency stores, with edit and a confirmed delete per row. */
export default function AgencyList() {
  const list = useListState();
  const { data, isLoading } = agencyStores.useList(list.params);
  const remove = agencyStores.useRemove();
  const [deleting, setDeleting] = useState<AgencyStore | null>(null);

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
        <div className="d-flex gap-1">
          <Link
            to={`/editAgency?sid=${s.store_id}`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Edit ${s.store_name}`}
          >
            Edit
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete ${s.store_name}`}
            onClick={() => setDeleting(s)}
          >
            Delete
          </Button>
        </div>
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
      <ConfirmDialog
        show={deleting !== null}
        title="Delete Alert"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.store_id, { onSettled: () => setDeleting(null) });
        }}
      >
        Are you sure you want to delete "{deleting?.store_name}"?
      </ConfirmDialog>
    </>
  );
}
