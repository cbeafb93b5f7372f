import type { Category } from "@store/contract";
import { Link } from "react-router";
import { categories } from "../../api/catalog";
import {
  type Column,
  DataTable,
  PageHeader,
  RowActions,
  StatusBadge,
  useDeleteDialog,
  useListState,
} from "../../components";
import { formatDateTime } from "../../lib/format";

const nowrap = "text-nowrap";

/** /categories: every category with its live product count, edit and a confirmed delete. */
export default function CategoryList() {
  const list = useListState();
  const { data, isLoading } = categories.useList(list.params);
  const remove = categories.useRemove();
  const deleteDialog = useDeleteDialog<Category>({
    remove,
    idOf: (row) => row.category_id,
    question: (row) => `Are you sure you want to delete "${row.category_name}"?`,
  });

  const columns: Column<Category>[] = [
    { header: "#", cell: (_c, i) => i + 1 },
    { header: "Category Name", cell: (c) => c.category_name },
    { header: "Products In Category", cell: (c) => c.products_in_cat },
    { header: "Status", cell: (c) => <StatusBadge value={c.cat_status} /> },
    { header: "Created At", cell: (c) => formatDateTime(c.created_at), className: nowrap },
    { header: "Updated At", cell: (c) => formatDateTime(c.updated_at), className: nowrap },
    {
      header: "Actions",
      className: nowrap,
      cell: (c) => (
        <RowActions
          editTo={`/editCategories?cid=${c.category_id}`}
          name={c.category_name}
          onDelete={() => deleteDialog.ask(c)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Categories">
        <Link to="/addCategories" className="btn btn-primary">
          Add New
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable
          columns={columns}
          page={data}
          loading={isLoading}
          rowKey={(c) => c.category_id}
        />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
