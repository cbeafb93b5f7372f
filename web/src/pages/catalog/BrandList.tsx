import type { Brand } from "@store/contract";
import { brands } from "../../api/catalog";
import {
  type Column,
  deleteAction,
  ImageWithFallback,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useListState,
} from "../../components";
import { formatShortDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const nowrap = "text-nowrap";
const filters = [statusFilter("brand_status")];

const idOf = (row: Brand) => row.brand_id;
const nameOf = (row: Brand) => row.brand_name;

/** /brands: the brands, with edit and a confirmed delete that reloads the list. */
export default function BrandList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = brands.useList(list.params);
  const { data, isLoading } = query;
  const remove = brands.useRemove();
  const bulk = brands.useBulk();

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
    {
      header: "Created Date",
      cell: (b) => formatShortDateTime(b.created_at),
      className: nowrap,
      sort: "created_at",
    },
    {
      header: "Updated Date",
      cell: (b) => formatShortDateTime(b.updated_at),
      className: nowrap,
      sort: "updated_at",
    },
  ];

  return (
    <RecordList
      list={list}
      exportFrom={brands.list}
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
