import type { Testimonial } from "@store/contract";
import { testimonials } from "../../api/content";
import {
  type Column,
  deleteAction,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useListState,
} from "../../components";
import { formatDate } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const filters = [statusFilter("testimonial_status")];
const fullName = (t: Testimonial) => [t.f_name, t.l_name].filter(Boolean).join(" ") || "-";

const idOf = (row: Testimonial) => row.testimonial_id;
const nameOf = (row: Testimonial) => row.testimonial_title;

/** /testimonial: customers' testimonials, with edit and a confirmed delete. */
export default function TestimonialList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = testimonials.useList(list.params);
  const { data, isLoading } = query;
  const remove = testimonials.useRemove();
  const bulk = testimonials.useBulk();

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
    {
      header: "Created Date",
      cell: (t) => formatDate(t.created_at),
      className: "text-nowrap",
      sort: "created_at",
    },
    {
      header: "Updated Date",
      optional: true,
      cell: (t) => formatDate(t.updated_at),
      className: "text-nowrap",
      sort: "updated_at",
    },
  ];

  return (
    <RecordList
      list={list}
      exportFrom={testimonials.list}
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
