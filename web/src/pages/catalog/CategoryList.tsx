import type { Category } from "@store/contract";
import { categories } from "../../api/catalog";
import {
  type Column,
  deleteAction,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useListState,
} from "../../components";
import { formatDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const nowrap = "text-nowrap";
const filters = [statusFilter("cat_status")];

const idOf = (row: Category) => row.category_id;
const nameOf = (row: Category) => row.category_name;

/** /categories: every category with its live product count, edit and a confirmed delete. */
export default function CategoryList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = categories.useList(list.params);
  const { data, isLoading } = query;
  const remove = categories.useRemove();
  const bulk = categories.useBulk();

  const columns: Column<Category>[] = [
    { header: "#", cell: (_c, i) => i + 1 },
    { header: "Category Name", role: "key", cell: (c) => c.category_name, sort: "category_name" },
    { header: "Products In Category", cell: (c) => c.products_in_cat, sort: "products_in_cat" },
    statusColumn({ field: "cat_status", of: (c) => c.cat_status, idOf, nameOf, run: bulk }),
    {
      header: "Created At",
      cell: (c) => formatDateTime(c.created_at),
      className: nowrap,
      sort: "created_at",
    },
    {
      header: "Updated At",
      cell: (c) => formatDateTime(c.updated_at),
      className: nowrap,
      sort: "updated_at",
    },
  ];

  return (
    <RecordList
      list={list}
      exportFrom={categories.list}
      bulk={{
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      columns={columns}
      page={data}
      loading={isLoading}
      query={query}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
      remove={remove}
    />
  );
}
