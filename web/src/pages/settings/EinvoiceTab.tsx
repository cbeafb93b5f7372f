import {
  isMaskedSecret,
  MYINVOIS_ENVIRONMENT_IDS,
  type MyinvoisEnvironmentId,
  type Settings,
} from "@store/contract";
import { useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { Field, RecordForm } from "../../components";
import { useInReadOnlyForm } from "../../components/formReadOnly";
import { translate } from "../../i18n/messages";
import { SaveButton, SecretInput } from "./SaveButton";
import { useSettingsForm } from "./useSettingsForm";

const ENVIRONMENT_LABELS: Record<MyinvoisEnvironmentId, string> = {
  sandbox: "Sandbox (pre-production, for trying out)",
  production: "Production (documents that count)",
};

/**
 * The signing key (PEM, many lines): write-only. A stored key is said, never
 * shown; its mask goes back unchanged to keep it, until "Replace key" opens an
 * empty box for a new one.
 */
function PrivateKeyInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  const readOnly = useInReadOnlyForm();
  const [kept] = useState(value);
  if (isMaskedSecret(value))
    return (
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <span id={id} className="form-control-plaintext w-auto" aria-describedby={describedBy}>
          {translate("A key is saved.")}
        </span>
        {!readOnly && (
          <Button variant="outline-secondary" size="sm" onClick={() => onChange("")}>
            {translate("Replace key")}
          </Button>
        )}
      </div>
    );
  return (
    <>
      <Form.Control
        id={id}
        as="textarea"
        rows={4}
        className="font-monospace small"
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        isInvalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder="-----BEGIN PRIVATE KEY-----"
      />
      {isMaskedSecret(kept) && (
        <Button
          variant="link"
          size="sm"
          className="p-0"
          onClick={() => onChange(kept)}
          disabled={readOnly}
        >
          {translate("Keep the saved key")}
        </Button>
      )}
    </>
  );
}

/**
 * E-invoices (docs/decisions/einvoices.md): the store's tax identity, its
 * MyInvois access and the documents' signing certificate. A change to any of
 * them asks for a fresh proof (the API client's step-up dialog, then the
 * save is sent again); the secret and the key are never shown back.
 */
export function EinvoiceTab({ settings }: { settings: Settings }) {
  const { form, saved } = useSettingsForm(settings);
  const { control, formState } = form.form;
  const { errors, isSubmitting } = formState;

  // The record's History is on the General tab.
  return (
    <RecordForm form={form} style={{ maxWidth: 720 }}>
      <p className="text-muted small">
        {translate(
          "Nothing is built or sent to LHDN until the tax identity and the MyInvois access are set. A change here asks you to confirm it is you.",
        )}
      </p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{translate("Tax identity")}</legend>
        <p className="small text-muted">
          {translate(
            "The company registration no., address and contact are on the General tab: LHDN is given those too.",
          )}
        </p>
        <div className="row">
          <div className="col-md-6">
            <Field
              name="tin"
              label="Tax ID (TIN)"
              hint="The store's tax identification number, e.g. C12345678090."
            >
              {(input) => <Form.Control maxLength={15} autoComplete="off" {...input} />}
            </Field>
          </div>
          <div className="col-md-6">
            <Field
              name="sst_no"
              label="SST registration no."
              hint="Empty when the store is not registered for SST."
            >
              {(input) => <Form.Control maxLength={35} autoComplete="off" {...input} />}
            </Field>
          </div>
          <div className="col-md-6">
            <Field name="msic_code" label="MSIC code" hint="5 digits, e.g. 47912.">
              {(input) => <Form.Control inputMode="numeric" maxLength={5} {...input} />}
            </Field>
          </div>
          <div className="col-md-6">
            <Field name="business_activity" label="Business activity">
              {(input) => <Form.Control maxLength={300} {...input} />}
            </Field>
          </div>
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{translate("MyInvois access")}</legend>
        <Field name="myinvois_environment" label="MyInvois environment">
          {(input) => (
            <Form.Select {...input}>
              {MYINVOIS_ENVIRONMENT_IDS.map((env) => (
                <option key={env} value={env}>
                  {translate(ENVIRONMENT_LABELS[env])}
                </option>
              ))}
            </Form.Select>
          )}
        </Field>
        <Field name="myinvois_client_id" label="MyInvois client ID">
          {(input) => <Form.Control autoComplete="off" spellCheck={false} {...input} />}
        </Field>
        <Field
          name="myinvois_client_secret"
          label="MyInvois client secret"
          render={(aria) => (
            <Controller
              control={control}
              name="myinvois_client_secret"
              render={({ field }) => (
                <SecretInput
                  id={aria.id}
                  label="MyInvois client secret"
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={!!errors.myinvois_client_secret}
                  describedBy={aria["aria-describedby"]}
                />
              )}
            />
          )}
        />
        <Field
          name="myinvois_base_url"
          label="MyInvois API address"
          hint="Optional. Empty: the chosen environment's published address."
        >
          {(input) => <Form.Control type="url" {...input} />}
        </Field>
        <Field
          name="myinvois_identity_url"
          label="MyInvois identity address"
          hint="Optional. Empty: the chosen environment's published address."
        >
          {(input) => <Form.Control type="url" {...input} />}
        </Field>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{translate("Signing certificate")}</legend>
        <p className="small text-muted">
          {translate(
            "With a certificate and its key, documents are signed (version 1.1). Both in PEM text.",
          )}
        </p>
        <Field name="einvoice_certificate" label="Signing certificate">
          {(input) => (
            <Form.Control
              as="textarea"
              rows={4}
              className="font-monospace small"
              spellCheck={false}
              placeholder="-----BEGIN CERTIFICATE-----"
              {...input}
            />
          )}
        </Field>
        <Field
          name="einvoice_private_key"
          label="Signing key"
          hint="Write-only: a saved key is never shown."
          render={(aria) => (
            <Controller
              control={control}
              name="einvoice_private_key"
              render={({ field }) => (
                <PrivateKeyInput
                  id={aria.id}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={!!errors.einvoice_private_key}
                  describedBy={aria["aria-describedby"]}
                />
              )}
            />
          )}
        />
      </fieldset>
      <SaveButton saved={saved} busy={isSubmitting} />
    </RecordForm>
  );
}
