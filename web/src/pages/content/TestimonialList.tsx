import type { Testimonial } from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { testimonials } from "../../api/content";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  PageHeader,
  StatusBadge,
  useListState,
} from "../../components";
import { formatDate } from "../../lib/format";

const fullName = (t: Testimonial) => [t.f_name, t.l_name].filter(Boolean).join(" ") || "-";

/** /testimonial: customers' testimonials, with edit and a confirmed delete. */
export default function TestimonialList() {
  const list = useListState();
  const { data, isLoading } = testimonials.useList(list.params);
  const remove = testimonials.useRemove();
  const [deleting, setDeleting] = useState<Testimonial | null>(null);

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
        <div className="d-flex gap-1">
          <Link
            to={`/editTestimonial?tid=${t.testimonial_id}`}
            className="btn btn-sm btn-outline-primary"
            aria-label={`Edit ${t.testimonial_title}`}
          >
            Edit
          </Link>
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={`Delete ${t.testimonial_title}`}
            onClick={() => setDeleting(t)}
          >
            Delete
          </Button>
        </div>
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
      <ConfirmDialog
        show={deleting !== null}
        title="Delete Alert"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.testimonial_id, { onSettled: () => setDeleting(null) });
          }
        }}
      >
        Are you sure you want to delete "{deleting?.testimonial_title}"?
      </ConfirmDialog>
    </>
  );
}
