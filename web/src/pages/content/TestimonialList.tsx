import type { Testimonial } from "@store/contract";
import { testimonials } from "../../api/content";
import { type Column, RecordList, StatusBadge, useListState } from "../../components";
import { formatDate } from "../../lib/format";

const fullName = (t: Testimonial) => [t.f_name, t.l_name].filter(Boolean).join(" ") || "-";

/** /testimonial: customers' testimonials, with edit and a confirmed delete. */
export default function TestimonialList() {
  const list = useListState();
  const { data, isLoading } = testimonials.useList(list.params);
  const remove = testimonials.useRemove();

  const columns: Column<Testimonial>[] = [
    { header: "Customer Username", cell: (t) => t.username },
    { header: "Customer Name", cell: fullName },
    { header: "Testimonial Title", cell: (t) => t.testimonial_title },
    {
      header: "Content",
      cell: (t) => (
        <span
          className="d-inline-block text-truncate"
          style={{ maxWidth: 320 }}
          title={t.testimonial_content}
        >
          {t.testimonial_content || "-"}
        </span>
      ),
    },
    { header: "Status", cell: (t) => <StatusBadge value={t.testimonial_status} /> },
    { header: "Created Date", cell: (t) => formatDate(t.created_at), className: "text-nowrap" },
    { header: "Updated Date", cell: (t) => formatDate(t.updated_at), className: "text-nowrap" },
  ];

  return (
    <RecordList
      title="Testimonial"
      addTo="/addTestimonial"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.testimonial_id}
      nameOf={(row) => row.testimonial_title}
      editTo={(row) => `/editTestimonial?tid=${row.testimonial_id}`}
      remove={remove}
    />
  );
}
