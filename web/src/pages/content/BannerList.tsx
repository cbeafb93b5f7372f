import type { Banner } from "@store/contract";
import { banners } from "../../api/content";
import {
  type Column,
  ImageWithFallback,
  RecordList,
  StatusBadge,
  useListState,
} from "../../components";
import { formatDate } from "../../lib/format";

/** /banner: the store's banners with their image, edit and a confirmed delete. */
export default function BannerList() {
  const list = useListState();
  const { data, isLoading } = banners.useList(list.params);
  const remove = banners.useRemove();

  const columns: Column<Banner>[] = [
    { header: "#", cell: (_b, index) => index + 1 },
    { header: "Title", cell: (b) => b.title },
    {
      header: "Image",
      cell: (b) => (
        <ImageWithFallback
          fileName={b.banner_image}
          alt={b.title}
          className="rounded border"
          style={{ width: 120, height: 60, objectFit: "cover" }}
        />
      ),
    },
    { header: "Subtitle", cell: (b) => b.subtitle || "-" },
    { header: "Status", cell: (b) => <StatusBadge value={b.banner_status} /> },
    { header: "Created Date", cell: (b) => formatDate(b.created_at), className: "text-nowrap" },
  ];

  return (
    <RecordList
      title="Banner"
      addTo="/addBanner"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.banner_id}
      nameOf={(row) => row.title}
      editTo={(row) => `/editBanner?bnid=${row.banner_id}`}
      remove={remove}
    />
  );
}
