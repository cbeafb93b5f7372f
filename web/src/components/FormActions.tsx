import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { translate } from "../i18n/messages";
import { useInReadOnlyForm } from "./formReadOnly";
import "./forms.css";

/**
 * The foot of a record form: Cancel back to the list, and Add (new) or Save
 * (edit). It sticks to the bottom of the window while the form is longer than
 * the window (Edit Product), so Save is always in reach. A person who may
 * only view the record gets Back to the list alone.
 */
export function FormActions({
  cancelTo,
  isEdit,
  submitting,
  submitLabel,
  className = "",
}: {
  cancelTo: string;
  isEdit: boolean;
  submitting: boolean;
  /** The submit button's text when it is neither Add nor Save by the rule above. */
  submitLabel?: string;
  className?: string;
}) {
  const readOnly = useInReadOnlyForm();
  return (
    <div className={`form-actions d-flex gap-2 ${className}`.trim()}>
      <Link to={cancelTo} className="btn btn-outline-secondary">
        {translate(readOnly ? "Back" : "Cancel")}
      </Link>
      {!readOnly && (
        <Button type="submit" disabled={submitting}>
          {translate(submitLabel ?? (isEdit ? "Save" : "Add"))}
        </Button>
      )}
    </div>
  );
}
