import type { Banner } from "@store/contract";
import { Link } from "react-router";
import { banners } from "../../api/content";
import {
  type Column,
  DataTable,
  ImageWithFallback,
  PageHeader,
  RowActions,
  StatusBadge,
  useDeleteDialog,
  useListState,
} from "../../components";
import { formatDate } from "../../lib/format";

/** /banner: the store's banners with their image, edit and a confirmed delete. */
export default function BannerList() {
  const list = useListState();
  const { data, isLoading } = banners.useList(list.params);
  const remove = banners.useRemove();
  const deleteDialog = useDeleteDialog<Banner>({
    remove,
    idOf: (row) => row.banner_id,
    question: (row) => `Are you sure you want to delete "${row.title}"?`,
  });

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
        <RowActions
          editTo={`/editBanner?bnid=${b.banner_id}`}
          name={b.title}
          onDelete={() => deleteDialog.ask(b)}
        />
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
      {deleteDialog.dialog}
    </>
  );
}
