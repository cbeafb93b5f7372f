import type { Testimonial } from "@store/contract";
import { Link } from "react-router";
import { testimonials } from "../../api/content";
import {
  type Column,
  DataTable,
  PageHeader,
  RowActions,
  StatusBadge,
  useDeleteDialog,
  useListState,
} from "../../components";
import { formatDate } from "../../lib/format";

const fullName = (t: Testimonial) => [t.f_name, t.l_name].filter(Boolean).join(" ") || "-";

/** /testimonial: customers' testimonials, with edit and a confirmed delete. */
export default function TestimonialList() {
  const list = useListState();
  const { data, isLoading } = testimonials.useList(list.params);
  const remove = testimonials.useRemove();
  const deleteDialog = useDeleteDialog<Testimonial>({
    remove,
    idOf: (row) => row.testimonial_id,
    question: (row) => `Are you sure you want to delete "${row.testimonial_title}"?`,
  });

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
    {
      header: "Actions",
      className: "text-nowrap",
      cell: (t) => (
        <RowActions
          editTo={`/editTestimonial?tid=${t.testimonial_id}`}
          name={t.testimonial_title}
          onDelete={() => deleteDialog.ask(t)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Testimonial">
        <Link to="/addTestimonial" className="btn btn-primary">
          Add New
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable
          columns={columns}
          page={data}
          loading={isLoading}
          rowKey={(t) => t.testimonial_id}
        />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
