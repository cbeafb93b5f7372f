import type { Banner } from "@store/contract";
import { banners } from "../../api/content";
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
import { formatDate } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const filters = [statusFilter("banner_status")];

const idOf = (row: Banner) => row.banner_id;
const nameOf = (row: Banner) => row.title;

/** /banner: the store's banners with their image, edit and a confirmed delete. */
export default function BannerList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(banners, { filters });

  const columns: Column<Banner>[] = [
    { header: "#", cell: (_b, index) => index + 1 },
    { header: "Title", role: "key", cell: (b) => b.title, sort: "title" },
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
    { header: "Subtitle", cell: (b) => b.subtitle || "-", sort: "subtitle" },
    statusColumn({ field: "banner_status", of: (b) => b.banner_status, idOf, nameOf, run: bulk }),
    dateColumn("Created Date", "created_at", formatDate),
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
