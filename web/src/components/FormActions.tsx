import { Button } from "react-bootstrap";
import { Link } from "react-router";

/** The foot of a record form: Cancel back to the list, and Add (new) or Save (edit). */
export function FormActions({
  cancelTo,
  isEdit,
  submitting,
}: {
  cancelTo: string;
  isEdit: boolean;
  submitting: boolean;
}) {
  return (
    <div className="d-flex gap-2">
      <Link to={cancelTo} className="btn btn-outline-secondary">
        Cancel
      </Link>
      <Button type="submit" disabled={submitting}>
        {isEdit ? "Save" : "Add"}
      </Button>
    </div>
  );
}
