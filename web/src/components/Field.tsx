import type { ReactNode } from "react";
import { Form } from "react-bootstrap";

/** A labelled form field with its validation message under it. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor={htmlFor}>{label}</Form.Label>
      {children}
      {hint && <Form.Text className="d-block text-muted">{hint}</Form.Text>}
      {error && (
        <div className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </Form.Group>
  );
}
