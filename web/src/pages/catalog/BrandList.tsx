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
  useListState,
} from "../../components";
import { tx } from "../../i18n/messages";
import { formatShortDateTime } from "../../lib/format";

const filters = [statusFilter("brand_status")];

const idOf = (row: Brand) => row.brand_id;
const nameOf = (row: Brand) => row.brand_name;

/** /brands: the brands, with edit and a confirmed delete that reloads the list. */
export default function BrandList() {
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
    dateColumn("Created Date", "created_at", formatShortDateTime),
    dateColumn("Updated Date", "updated_at", formatShortDateTime),
  ];

  return (
    <RecordList
      list={list}
      exportFrom={brands.list}
      bulk={{
        noun: { one: "brand", many: "brands" },
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      title={tx("Brands")}
      addTo="/addBrands"
      columns={columns}
      page={data}
      loading={isLoading}
      query={query}
      idOf={idOf}
      nameOf={nameOf}
      editTo={(row) => `/editBrands?bid=${row.brand_id}`}
      remove={remove}
    />
  );
}
