import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { tx } from "../i18n/messages";

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
        {tx("Cancel")}
      </Link>
      <Button type="submit" disabled={submitting}>
        {isEdit ? tx("Save") : tx("Add")}
      </Button>
    </div>
  );
}
