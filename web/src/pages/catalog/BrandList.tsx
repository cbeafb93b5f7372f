import type { Brand } from "@store/contract";
import { brands } from "../../api/catalog";
import {
  type Column,
  ImageWithFallback,
  RecordList,
  StatusBadge,
  useListState,
} from "../../components";
import { formatShortDateTime } from "../../lib/format";

const nowrap = "text-nowrap";

/** /brands: the brands, with edit and a confirmed delete that reloads the list. */
export default function BrandList() {
  const list = useListState();
  const { data, isLoading } = brands.useList(list.params);
  const remove = brands.useRemove();

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
  ];

  return (
    <RecordList
      title="Brands"
      addTo="/addBrands"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.brand_id}
      nameOf={(row) => row.brand_name}
      editTo={(row) => `/editBrands?bid=${row.brand_id}`}
      remove={remove}
    />
  );
}
