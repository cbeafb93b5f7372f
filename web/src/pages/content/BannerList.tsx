import type { Banner } from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { banners } from "../../api/content";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  ImageWithFallback,
  PageHeader,
  StatusBadge,
  useListState,
} from "../../components";
import { formatDate } from "../../lib/format";

/** /banner: the store's banners with their image, edit and a confirmed delete. */
export default function BannerList() {
  const list = useListState();
  const { data, isLoading } = banners.useList(list.params);
  const remove = banners.useRemove();
  const [deleting, setDeleting] = useState<Banner | null>(null);

  const columns: Column<Banner>[] = [
    { header: "#", cell: (_b, index) => index + 1 },
    { header: "Title", cell: (b) => b.title },
    {
      header: "Image",
      cell: (b) => (
        <ImageWithFallback
          fileName={b.banner_image}
          alt={b.title}
          className="rounded border"
          style={{ width: 120, height: 60, objectFit: "cover" }}
        />
      ),
    },
    { header: "Subtitle", cell: (b) => b.subtitle || "-" },
    { header: "Status", cell: (b) => <StatusBadge value={b.banner_status} /> },
    { header: "Created Date", cell: (b) => formatDate(b.created_at), className: "text-nowrap" },
    {
      header: "Actions",
      className: "text-nowrap",
      cell: (b) => (
        <div className="d-flex gap-1">
          <Link
            to={`/editBanner?bnid=${b.banner_id}`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Edit ${b.title}`}
          >
            Edit
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete ${b.title}`}
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
      <PageHeader title="Banner">
        <Link to="/addBanner" className="btn btn-primary">
          Add New
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable columns={columns} page={data} loading={isLoading} rowKey={(b) => b.banner_id} />
      </div>
      <ConfirmDialog
        show={deleting !== null}
        title="Delete Alert"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.banner_id, { onSettled: () => setDeleting(null) });
        }}
      >
        Are you sure you want to delete "{deleting?.title}"?
      </ConfirmDialog>
    </>
  );
}
