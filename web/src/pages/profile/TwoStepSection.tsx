import {
  type AdminData,
  type TotpCodeBody,
  type TotpConfirmed,
  type TotpEnrolment,
  totpCodeBody,
} from "@store/contract";
import { useMutation } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { api } from "../../api/client";
import { Field, RecordForm, showToast, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { saveFile } from "../../lib/saveFile";

// Drawn only while setting up: the QR code's code stays out of the profile's download.
const QRCodeSVG = lazy(() => import("qrcode.react").then((m) => ({ default: m.QRCodeSVG })));

type TwoStepState = Pick<AdminData, "totp_enabled" | "totp_enrolment_required">;

/** The secret in groups of four, easier to type into an authenticator app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * "Two-step login" on the profile (docs/decisions/two-step-login.md): Set up
 * (after a step-up) → the QR code and the secret as text → a code from the app
 * → the ten recovery codes, shown this once → on. Turn off asks for a step-up.
 */
export function TwoStepSection({
  state,
  onChange,
}: {
  state: TwoStepState;
  onChange: (state: TwoStepState) => void;
}) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: () => api.post<TotpEnrolment>("me/totp"),
    onSuccess: setEnrolment,
  });
  const turnOff = useMutation({
    mutationFn: () => api.delete("me/totp"),
    onSuccess: () => {
      showToast(translate("Two-step login is off."), "success");
      onChange({ totp_enabled: false, totp_enrolment_required: false });
    },
  });

  return (
    <section aria-labelledby="two-step-title">
      <h2 id="two-step-title" className="h5">
        {translate("Two-step login")}
      </h2>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            onChange({ totp_enabled: true, totp_enrolment_required: false });
          }}
        />
      ) : enrolment ? (
        <Enrolment
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(recovery) => {
            setEnrolment(null);
            setCodes(recovery);
          }}
        />
      ) : state.totp_enabled ? (
        <>
          <p>
            <span className="badge text-bg-success me-2">{translate("On")}</span>
            {translate(
              "Signing in asks for a code from your authenticator app after your password.",
            )}
          </p>
          <Button
            variant="outline-danger"
            disabled={turnOff.isPending}
            onClick={() => turnOff.mutate()}
          >
            {translate("Turn off two-step login")}
          </Button>
        </>
      ) : (
        <>
          {state.totp_enrolment_required && (
            <Alert variant="warning">
              {translate(
                "The store requires two-step login for your account. Set it up to use the back-office.",
              )}
            </Alert>
          )}
          <p>
            <span className="badge text-bg-secondary me-2">{translate("Off")}</span>
            {translate(
              "With two-step login on, signing in also asks for a code from an authenticator app on your phone.",
            )}
          </p>
          <Button disabled={start.isPending} onClick={() => start.mutate()}>
            {translate("Set up two-step login")}
          </Button>
        </>
      )}
    </section>
  );
}

function Enrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TotpEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const form = useRecordForm<TotpCodeBody, { code: string }>({
    schema: totpCodeBody,
    defaults: { code: "" },
    savedMessage: false,
    save: ({ code }) => api.post<TotpConfirmed>("me/totp/confirm", { code }),
    onSaved: (result) => onConfirmed((result as TotpConfirmed).recovery_codes),
  });
  return (
    <RecordForm form={form}>
      <ol className="ps-3">
        <li className="mb-2">
          {translate("Scan this QR code with an authenticator app on your phone.")}
          <div className="my-2 d-inline-block p-2 bg-white border rounded">
            <Suspense fallback={<div style={{ width: 176, height: 176 }} />}>
              <QRCodeSVG
                value={enrolment.otpauth_url}
                title={translate("QR code for your authenticator app")}
                size={176}
                bgColor="#ffffff"
                fgColor="#000000"
              />
            </Suspense>
          </div>
          <div className="small">
            {translate("Or type this key into the app:")}{" "}
            <code className="user-select-all" data-testid="totp-secret">
              {grouped(enrolment.secret)}
            </code>
          </div>
        </li>
        <li>
          <Field name="code" id="totp-confirm-code" label="Authenticator code">
            {(input) => (
              <Form.Control
                {...input}
                inputMode="numeric"
                autoComplete="one-time-code"
                style={{ maxWidth: 200 }}
              />
            )}
          </Field>
        </li>
      </ol>
      <div className="d-flex gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={form.isSubmitting}>
          {translate("Cancel")}
        </Button>
        <Button type="submit" disabled={form.isSubmitting}>
          {translate("Turn on")}
        </Button>
      </div>
    </RecordForm>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(translate("Recovery codes copied."), "success");
    } catch {
      showToast(translate("The codes could not be copied. Select them and copy by hand."));
    }
  };
  const download = () => saveFile(new Blob([text], { type: "text/plain" }), "recovery-codes.txt");
  return (
    <>
      <Alert variant="success">
        <p className="fw-semibold mb-1">{translate("Two-step login is on.")}</p>
        {translate(
          "Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.",
        )}
      </Alert>
      <ol
        className="font-monospace row row-cols-2 list-unstyled g-1"
        aria-label={translate("Recovery codes")}
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {translate("Copy codes")}
        </Button>
        <Button variant="outline-secondary" onClick={download}>
          {translate("Download as .txt")}
        </Button>
        <Button className="ms-auto" onClick={onDone}>
          {translate("Done")}
        </Button>
      </div>
    </>
  );
}
