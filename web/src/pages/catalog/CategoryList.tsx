import type { Category } from "@store/contract";
import { categories } from "../../api/catalog";
import {
  type Column,
  dateColumn,
  deleteAction,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useRecordList,
} from "../../components";
import { formatDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const filters = [statusFilter("cat_status")];

const idOf = (row: Category) => row.category_id;
const nameOf = (row: Category) => row.category_name;

/** /categories: every category with its live product count, edit and a confirmed delete. */
export default function CategoryList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(categories, { filters });

  const columns: Column<Category>[] = [
    { header: "#", cell: (_c, i) => i + 1 },
    { header: "Category Name", role: "key", cell: (c) => c.category_name, sort: "category_name" },
    { header: "Products In Category", cell: (c) => c.products_in_cat, sort: "products_in_cat" },
    statusColumn({ field: "cat_status", of: (c) => c.cat_status, idOf, nameOf, run: bulk }),
    dateColumn("Created At", "created_at", formatDateTime),
    dateColumn("Updated At", "updated_at", formatDateTime),
  ];

  return (
    <RecordList
      {...table}
      bulk={{
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      columns={columns}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
    />
  );
}
