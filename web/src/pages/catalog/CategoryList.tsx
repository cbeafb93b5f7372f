import type { Category } from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { categories } from "../../api/catalog";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  PageHeader,
  StatusBadge,
  useListState,
} from "../../components";
import { formatDateTime } from "../../lib/format";

const nowrap = "text-nowrap";

/** /categories: every category with its live product count, edit and a confirmed delete. */
export default function CategoryList() {
  const list = useListState();
  const { data, isLoading } = categories.useList(list.params);
  const remove = categories.useRemove();
  const [deleting, setDeleting] = useState<Category | null>(null);

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
        <div className="d-flex gap-1">
          <Link
            to={`/editCategories?cid=${c.category_id}`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Edit ${c.category_name}`}
          >
            Edit
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete ${c.category_name}`}
            onClick={() => setDeleting(c)}
          >
            Delete
          </Button>
        </div>
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
      <ConfirmDialog
        show={deleting !== null}
        title="Delete Alert"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          // A category that still has products is refused by the server; its toast says why.
          if (deleting) remove.mutate(deleting.category_id, { onSettled: () => setDeleting(null) });
        }}
      >
        Are you sure you want to delete "{deleting?.category_name}"?
      </ConfirmDialog>
    </>
  );
}
