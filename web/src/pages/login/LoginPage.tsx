import type { AdminData, LoginAnswer, LoginBody, TotpCodeBody } from "@store/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button, Form, InputGroup } from "react-bootstrap";
import { Link, Navigate, useNavigate } from "react-router";
import { ApiError, api } from "../../api/client";
import { Field, RecordForm, useRecordForm } from "../../components";
import {
  applyStoredLanguage,
  browserLanguage,
  i18next,
  setLanguage,
  useTranslation,
} from "../../i18n";
import { errorText } from "../../i18n/errors";
import { Icon } from "../../layout/icons";
import { isLoggedIn, storeLogin } from "../../lib/session";
import { preloadDashboardWhenIdle } from "../../routes";
import { PublicCard } from "./PublicCard";

/** The message for a refused login: the server's own for 429, the one of docs/REQUIREMENTS.md section 8 for any other status. */
function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 0)) {
    return errorText(error);
  }
  return i18next.t("login.invalidCredential");
}

/** The login schema's loader, one for the page's life: a new one would load it again. */
const loadLoginSchema = () => import("./loginSchema").then((module) => module.loginBody);
const loadCodeSchema = () => import("./loginSchema").then((module) => module.totpCodeBody);

/** The code step's message for a refused code: the server's own (wrong code, too many, expired). */
function codeRefusalMessage(error: unknown): string {
  return error instanceof ApiError ? errorText(error) : i18next.t("login.invalidCredential");
}

/** /login-back: the administrator login of docs/REQUIREMENTS.md section 2. */
export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [showPassword, setShowPassword] = useState(false);
  const [message, setMessage] = useState("");
  // Two-step login: after the right password, the authenticator code (or a recovery code).
  const [codeStep, setCodeStep] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const { t } = useTranslation();

  /** Signed in: nothing cached from an earlier session shows, the person's language, their first screen. */
  async function signedIn(admin: AdminData) {
    queryClient.clear();
    storeLogin(admin);
    // The admin's own language, wherever they sign in (docs/decisions/languages.md).
    await applyStoredLanguage(admin.languages).catch(() => undefined);
    // A person the store requires to use two-step login sets it up first.
    navigate(admin.totp_enrolment_required ? "/profile" : "/admin", { replace: true });
  }
  useEffect(preloadDashboardWhenIdle, []);
  // Until an admin signs in, the page speaks the browser's language.
  useEffect(() => {
    if (!isLoggedIn()) void setLanguage(browserLanguage());
  }, []);

  // The shared form pattern (docs/ARCHITECTURE.md) with no record: no leave-page
  // guard, and one message under the form instead of a message per field
  // (docs/REQUIREMENTS.md section 5).
  const login = useRecordForm({
    schema: loadLoginSchema,
    // Signing in saves nothing: the dashboard that follows is its answer.
    savedMessage: false,
    defaults: { email: "", password: "" } satisfies LoginBody,
    save: async ({ email, password }) => {
      if (!email || !password) {
        setMessage(t("login.emptyFields"));
        return;
      }
      setMessage("");
      try {
        const answer = await api.post<LoginAnswer>("login", { email, password });
        if (answer.status !== 200) throw new ApiError(answer.status, "Invalid credential.");
        if ("totp_required" in answer) {
          setRecovery(false);
          setCodeStep(true);
          return;
        }
        await signedIn(answer);
      } catch (error) {
        setMessage(refusalMessage(error));
      }
    },
  });

  const codeForm = useRecordForm({
    schema: loadCodeSchema,
    savedMessage: false,
    defaults: { code: "" } satisfies TotpCodeBody,
    save: async ({ code }) => {
      if (!code) {
        setMessage(t(recovery ? "login.recoveryCodeEmpty" : "login.codeEmpty"));
        return;
      }
      setMessage("");
      try {
        await signedIn(await api.post<AdminData>("login/totp", { code }));
      } catch (error) {
        // The pending login has expired (5 minutes): start again from the password.
        if (error instanceof ApiError && error.code === "login_expired") {
          setCodeStep(false);
          login.form.setValue("password", "");
        }
        setMessage(codeRefusalMessage(error));
        codeForm.form.setValue("code", "");
      }
    },
  });

  if (isLoggedIn()) return <Navigate to="/admin" replace />;

  return (
    <PublicCard title={t("login.title")}>
      {codeStep ? (
        <RecordForm form={codeForm}>
          <p className="small text-muted">
            {recovery ? t("login.recoveryCodeHint") : t("login.codeHint")}
          </p>
          <Field
            key={recovery ? "recovery" : "code"}
            name="code"
            id="login-code"
            label={recovery ? t("login.recoveryCode") : t("login.code")}
            className="mb-2"
          >
            {(input) =>
              recovery ? (
                <Form.Control {...input} autoComplete="off" autoFocus />
              ) : (
                <Form.Control
                  {...input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  autoFocus
                />
              )
            }
          </Field>
          <div className="text-end mb-3">
            <Button
              variant="link"
              size="sm"
              className="p-0"
              onClick={() => {
                setMessage("");
                codeForm.form.setValue("code", "");
                setRecovery((r) => !r);
              }}
            >
              {recovery ? t("login.useAuthenticator") : t("login.useRecoveryCode")}
            </Button>
          </div>
          <SubmitWithMessage
            message={message}
            submitting={codeForm.isSubmitting}
            label={t("login.verify")}
          />
        </RecordForm>
      ) : (
        <RecordForm form={login}>
          <Field name="email" id="login-email" label={t("login.email")}>
            {(input) => <Form.Control {...input} type="email" autoComplete="username" autoFocus />}
          </Field>
          <Field name="password" id="login-password" label={t("login.password")} className="mb-2">
            {(input) => (
              <InputGroup>
                <Form.Control
                  {...input}
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                />
                <Button
                  variant="outline-secondary"
                  aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  <Icon name={showPassword ? "eyeOff" : "eye"} size={18} />
                </Button>
              </InputGroup>
            )}
          </Field>
          <div className="text-end mb-3">
            {/* A staff member sets a new password by an e-mailed link (ForgotPasswordPage). */}
            <Link to="/forgot-password" className="small">
              {t("login.forgotPassword")}
            </Link>
          </div>
          <SubmitWithMessage
            message={message}
            submitting={login.isSubmitting}
            label={t("login.submit")}
          />
        </RecordForm>
      )}
    </PublicCard>
  );
}

/** The one message under a login step's form, and its submit button. */
function SubmitWithMessage(props: { message: string; submitting: boolean; label: string }) {
  return (
    <>
      {props.message && (
        <p className="text-danger small mb-3" role="alert">
          {props.message}
        </p>
      )}
      <Button type="submit" className="w-100" disabled={props.submitting}>
        {props.label}
      </Button>
    </>
  );
}
