import type { Testimonial } from "@store/contract";
import { testimonials } from "../../api/content";
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
import { formatDate } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const filters = [statusFilter("testimonial_status")];
const fullName = (t: Testimonial) => [t.f_name, t.l_name].filter(Boolean).join(" ") || "-";

const idOf = (row: Testimonial) => row.testimonial_id;
const nameOf = (row: Testimonial) => row.testimonial_title;

/** /testimonial: customers' testimonials, with edit and a confirmed delete. */
export default function TestimonialList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(testimonials, { filters });

  const columns: Column<Testimonial>[] = [
    { header: "Customer Username", role: "key", cell: (t) => t.username, sort: "username" },
    { header: "Customer Name", cell: fullName, sort: "f_name", exportFields: ["f_name", "l_name"] },
    { header: "Testimonial Title", cell: (t) => t.testimonial_title, sort: "testimonial_title" },
    {
      header: "Content",
      field: "testimonial_content",
      exportFields: ["testimonial_content"],
      cell: (t) => t.testimonial_content || "-",
      long: true,
    },
    statusColumn({
      field: "testimonial_status",
      of: (t) => t.testimonial_status,
      idOf,
      nameOf,
      run: bulk,
    }),
    dateColumn("Created Date", "created_at", formatDate),
    dateColumn("Updated Date", "updated_at", formatDate, { optional: true }),
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
