import { Button } from "react-bootstrap";
import { Link } from "react-router";

/** A list row's Edit link and Delete button, named after the record for screen readers. */
export function RowActions({
  editTo,
  name,
  onDelete,
}: {
  editTo: string;
  name: string;
  onDelete: () => void;
}) {
  return (
    <div className="d-flex gap-1">
      <Link to={editTo} className="btn btn-sm btn-outline-primary" aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <Button size="sm" variant="outline-danger" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
