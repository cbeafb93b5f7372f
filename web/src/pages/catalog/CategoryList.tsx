import type { Category } from "@store/contract";
import { categories } from "../../api/catalog";
import { type Column, RecordList, StatusBadge, useListState } from "../../components";
import { formatDateTime } from "../../lib/format";

const nowrap = "text-nowrap";

/** /categories: every category with its live product count, edit and a confirmed delete. */
export default function CategoryList() {
  const list = useListState();
  const { data, isLoading } = categories.useList(list.params);
  const remove = categories.useRemove();

  const columns: Column<Category>[] = [
    { header: "#", cell: (_c, i) => i + 1 },
    { header: "Category Name", cell: (c) => c.category_name },
    { header: "Products In Category", cell: (c) => c.products_in_cat },
    { header: "Status", cell: (c) => <StatusBadge value={c.cat_status} /> },
    { header: "Created At", cell: (c) => formatDateTime(c.created_at), className: nowrap },
    { header: "Updated At", cell: (c) => formatDateTime(c.updated_at), className: nowrap },
  ];

  return (
    <RecordList
      title="Categories"
      addTo="/addCategories"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.category_id}
      nameOf={(row) => row.category_name}
      editTo={(row) => `/editCategories?cid=${row.category_id}`}
      remove={remove}
    />
  );
}
