import type { Brand } from "@store/contract";
import { brands } from "../../api/catalog";
import {
  type Column,
  dateColumn,
  deleteAction,
  ImageWithFallback,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useRecordList,
} from "../../components";
import { formatShortDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const filters = [statusFilter("brand_status")];

const idOf = (row: Brand) => row.brand_id;
const nameOf = (row: Brand) => row.brand_name;

/** /brands: the brands, with edit and a confirmed delete that reloads the list. */
export default function BrandList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(brands, { filters });

  const columns: Column<Brand>[] = [
    { header: "#", cell: (_b, i) => i + 1 },
    { header: "Brand Name", role: "key", cell: (b) => b.brand_name, sort: "brand_name" },
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
    statusColumn({ field: "brand_status", of: (b) => b.brand_status, idOf, nameOf, run: bulk }),
    dateColumn("Created Date", "created_at", formatShortDateTime),
    dateColumn("Updated Date", "updated_at", formatShortDateTime),
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
