import type { Brand } from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { brands } from "../../api/catalog";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  ImageWithFallback,
  PageHeader,
  StatusBadge,
  useListState,
} from "../../components";
import { formatShortDateTime } from "../../lib/format";

const nowrap = "text-nowrap";

/** /brands: the brands, with edit and a confirmed delete that reloads the list. */
export default function BrandList() {
  const list = useListState();
  const { data, isLoading } = brands.useList(list.params);
  const remove = brands.useRemove();
  const [deleting, setDeleting] = useState<Brand | null>(null);

  const columns: Column<Brand>[] = [
    { header: "#", cell: (_b, i) => i + 1 },
    { header: "Brand Name", cell: (b) => b.brand_name },
    {
      header: "Brand Image",
      cell: (b) => (
        <ImageWithFallback
          fileName={b.brand_image}
          alt={b.brand_name}
          className="rounded border"
          style={{ width: 56, height: 56, objectFit: "contain" }}
        />
      ),
    },
    { header: "Status", cell: (b) => <StatusBadge value={b.brand_status} /> },
    { header: "Created Date", cell: (b) => formatShortDateTime(b.created_at), className: nowrap },
    { header: "Updated Date", cell: (b) => formatShortDateTime(b.updated_at), className: nowrap },
    {
      header: "Actions",
      className: nowrap,
      cell: (b) => (
        <div className="d-flex gap-1">
          <Link
            to={`/editBrands?bid=${b.brand_id}`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Edit ${b.brand_name}`}
          >
            Edit
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete ${b.brand_name}`}
            onClick={() => setDeleting(b)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Brands">
        <Link to="/addBrands" className="btn btn-primary">
          Add New
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable columns={columns} page={data} loading={isLoading} rowKey={(b) => b.brand_id} />
      </div>
      <ConfirmDialog
        show={deleting !== null}
        title="Delete Alert"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          // The remove hook invalidates the brands, so the list reloads.
          if (deleting) remove.mutate(deleting.brand_id, { onSettled: () => setDeleting(null) });
        }}
      >
        Are you sure you want to delete "{deleting?.brand_name}"?
      </ConfirmDialog>
    </>
  );
}
