import { useEffect, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Link, useSearchParams } from "react-router";
import { ApiError, api } from "../../api/client";
import { Field, RecordForm, useRecordForm } from "../../components";
import { browserLanguage, setLanguage, useTranslation } from "../../i18n";
import { errorText } from "../../i18n/errors";
import { isLoggedIn } from "../../lib/session";
import type { ResetPasswordForm } from "./loginSchema";
import { PublicCard } from "./PublicCard";

const loadResetSchema = () => import("./loginSchema").then((m) => m.resetPasswordForm);

/**
 * /reset-password?token=…: the link of the password reset message. A new
 * password typed twice; once changed, the person logs in with it (with their
 * two-step code if they have one): the reset itself signs no one in.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!isLoggedIn()) void setLanguage(browserLanguage());
  }, []);

  const form = useRecordForm({
    schema: loadResetSchema,
    savedMessage: false,
    defaults: { password: "", repeat: "" } satisfies ResetPasswordForm,
    save: async ({ password }) => {
      setMessage("");
      try {
        await api.post("passwordReset/confirm", { token, password });
        setDone(true);
      } catch (error) {
        // A password the rules refuse is said on its field; anything else under the form.
        if (error instanceof ApiError && error.issues.length > 0) throw error;
        setMessage(error instanceof ApiError ? errorText(error) : String(error));
      }
    },
  });

  const askAgain = (
    <Link to="/forgot-password" className="small">
      {t("login.askNewLink")}
    </Link>
  );

  if (done)
    return (
      <PublicCard title={t("login.resetTitle")}>
        <p role="status">{t("login.resetDone")}</p>
        <Link to="/login-back" className="btn btn-primary w-100">
          {t("login.logIn")}
        </Link>
      </PublicCard>
    );

  if (!token)
    return (
      <PublicCard title={t("login.resetTitle")}>
        <p role="alert">{t("login.resetLinkIncomplete")}</p>
        <div className="text-center">{askAgain}</div>
      </PublicCard>
    );

  return (
    <PublicCard title={t("login.resetTitle")}>
      <RecordForm form={form}>
        <Field name="password" id="reset-password" label={t("login.newPassword")}>
          {(input) => (
            <Form.Control {...input} type="password" autoComplete="new-password" autoFocus />
          )}
        </Field>
        <Field name="repeat" id="reset-repeat" label={t("login.repeatPassword")}>
          {(input) => <Form.Control {...input} type="password" autoComplete="new-password" />}
        </Field>
        {message && (
          <p className="text-danger small mb-3" role="alert">
            {message}
          </p>
        )}
        <Button type="submit" className="w-100" disabled={form.isSubmitting}>
          {t("login.changePassword")}
        </Button>
      </RecordForm>
      <div className="d-flex justify-content-between mt-3">
        <Link to="/login-back" className="small">
          {t("login.backToLogin")}
        </Link>
        {askAgain}
      </div>
    </PublicCard>
  );
}
