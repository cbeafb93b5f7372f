import type { Brand } from "@store/contract";
import { Link } from "react-router";
import { brands } from "../../api/catalog";
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
import { formatShortDateTime } from "../../lib/format";

const nowrap = "text-nowrap";

/** /brands: the brands, with edit and a confirmed delete that reloads the list. */
export default function BrandList() {
  const list = useListState();
  const { data, isLoading } = brands.useList(list.params);
  const remove = brands.useRemove();
  const deleteDialog = useDeleteDialog<Brand>({
    remove,
    idOf: (b) => b.brand_id,
    question: (b) => `Are you sure you want to delete "${b.brand_name}"?`,
  });

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
        <RowActions
          editTo={`/editBrands?bid=${b.brand_id}`}
          name={b.brand_name}
          onDelete={() => deleteDialog.ask(b)}
        />
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
      {deleteDialog.dialog}
    </>
  );
}
