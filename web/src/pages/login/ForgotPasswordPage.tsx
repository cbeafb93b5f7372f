import { PASSWORD_RESET_MINUTES } from "@store/contract";
import { useEffect, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Link } from "react-router";
import { ApiError, api } from "../../api/client";
import { Field, RecordForm, useRecordForm } from "../../components";
import { browserLanguage, setLanguage, useTranslation } from "../../i18n";
import { errorText } from "../../i18n/errors";
import { isLoggedIn } from "../../lib/session";
import { PublicCard } from "./PublicCard";

const loadRequestSchema = () => import("./loginSchema").then((m) => m.passwordResetRequest);

/**
 * /forgot-password: a staff member asks for a link to set a new password. The
 * answer is the same whatever the e-mail (the server says nothing of whether
 * it is an account's), so the page says the same too.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!isLoggedIn()) void setLanguage(browserLanguage());
  }, []);

  const form = useRecordForm({
    schema: loadRequestSchema,
    savedMessage: false,
    defaults: { email: "" },
    save: async ({ email }) => {
      setMessage("");
      try {
        await api.post("passwordReset", { email });
      } catch (error) {
        // Only a server never reached is worth a word: any answer it gave reads alike.
        if (error instanceof ApiError && error.status === 0) {
          setMessage(errorText(error));
          return;
        }
        if (error instanceof ApiError && error.status === 400 && error.issues.length > 0)
          throw error;
      }
      setSent(true);
    },
  });

  return (
    <PublicCard title={t("login.forgotTitle")}>
      {sent ? (
        <p role="status">{t("login.resetSent", { minutes: PASSWORD_RESET_MINUTES })}</p>
      ) : (
        <RecordForm form={form}>
          <p className="small text-muted">{t("login.forgotHint")}</p>
          <Field name="email" id="forgot-email" label={t("login.email")}>
            {(input) => <Form.Control {...input} type="email" autoComplete="username" autoFocus />}
          </Field>
          {message && (
            <p className="text-danger small mb-3" role="alert">
              {message}
            </p>
          )}
          <Button type="submit" className="w-100" disabled={form.isSubmitting}>
            {t("login.sendLink")}
          </Button>
        </RecordForm>
      )}
      <div className="text-center mt-3">
        <Link to="/login-back" className="small">
          {t("login.backToLogin")}
        </Link>
      </div>
    </PublicCard>
  );
}
