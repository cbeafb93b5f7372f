import { isRequired, PASSWORD_MAX_LENGTH, PASSWORD_REQUIRED, text } from "@store/contract";
import { useEffect, useMemo, useState } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { z } from "zod";
import { ApiError, api } from "../api/client";
import { translate } from "../i18n/messages";
import { readAdmin } from "../lib/session";
import { Field } from "./Field";
import { RecordForm, useRecordForm } from "./useRecordForm";

type Proof = "password" | "code";
interface StepUpValues {
  password: string;
  code: string;
}

const CODE_LABEL = "Authenticator code";
/** The field the proof is typed into: the other one is not drawn and not checked. */
const schemas: Record<Proof, z.ZodType<StepUpValues, StepUpValues>> = {
  password: z.object({
    password: text().min(1, PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH),
    code: z.string(),
  }),
  code: z.object({
    password: z.string(),
    code: text().trim().min(1, isRequired(CODE_LABEL)).max(64),
  }),
};
const EMPTY: StepUpValues = { password: "", code: "" };

/**
 * "Confirm it is you" (docs/decisions/two-step-login.md): the one dialog the
 * API client opens on a 403 step_up_required, before the refused call is
 * sent again. The password, or with two-step login on an authenticator (or
 * recovery) code; a wrong one is said under its field. Cancel or Escape
 * leaves the call refused; focus returns where it was.
 */
export default function StepUpDialog({
  show,
  onDone,
  onExited,
}: {
  show: boolean;
  onDone: (confirmed: boolean) => void;
  /** Once closed: the focus goes back where it was (layout/StepUpHost.tsx). */
  onExited: () => void;
}) {
  const twoStep = readAdmin()?.totp_enabled === true;
  const [proof, setProof] = useState<Proof>(twoStep ? "code" : "password");
  const form = useRecordForm<StepUpValues, StepUpValues>({
    schema: schemas[proof],
    defaults: EMPTY,
    savedMessage: false,
    save: async (values) => {
      const body = proof === "code" ? { code: values.code } : { password: values.password };
      try {
        return await api.post("stepUp", body);
      } catch (error) {
        // A wrong proof (401) or too many (429) is said under the field, in the dialog.
        if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
          throw new ApiError(400, error.message, [
            { path: proof, message: error.message, code: error.code, params: error.params },
          ]);
        }
        throw error;
      }
    },
    onSaved: () => onDone(true),
  });
  const { reset } = form.form;

  // Each opening starts blank, on the proof the person usually gives.
  useEffect(() => {
    if (show) {
      setProof(twoStep ? "code" : "password");
      reset(EMPTY);
    }
  }, [show, twoStep, reset]);

  const other = useMemo<Proof>(() => (proof === "code" ? "password" : "code"), [proof]);
  return (
    <Modal
      show={show}
      onHide={() => onDone(false)}
      centered
      backdrop="static"
      restoreFocus={false}
      onExited={onExited}
      aria-labelledby="step-up-title"
    >
      <RecordForm form={form}>
        <Modal.Header closeButton closeLabel={translate("Close")}>
          <Modal.Title id="step-up-title" as="h2" className="h5">
            {translate("Confirm it is you")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-muted small">
            {proof === "code"
              ? translate(
                  "This action needs a fresh proof. Enter the code your authenticator app shows now, or a recovery code.",
                )
              : translate("This action needs a fresh proof. Enter your password again.")}
          </p>
          {proof === "code" ? (
            <Field key="code" name="code" id="step-up-code" label={CODE_LABEL}>
              {(input) => (
                <Form.Control
                  {...input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoFocus
                />
              )}
            </Field>
          ) : (
            <Field key="password" name="password" id="step-up-password" label="Password">
              {(input) => (
                <Form.Control
                  {...input}
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                />
              )}
            </Field>
          )}
          {twoStep && (
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => {
                form.form.clearErrors();
                setProof(other);
              }}
            >
              {other === "code"
                ? translate("Use an authenticator code instead")
                : translate("Use your password instead")}
            </Button>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => onDone(false)} disabled={form.isSubmitting}>
            {translate("Cancel")}
          </Button>
          <Button type="submit" variant="primary" disabled={form.isSubmitting}>
            {translate("Confirm")}
          </Button>
        </Modal.Footer>
      </RecordForm>
    </Modal>
  );
}
