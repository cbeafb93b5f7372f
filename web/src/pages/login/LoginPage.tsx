import type { AdminData } from "@store/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useEffect, useState } from "react";
import { Button, Card, Form, InputGroup } from "react-bootstrap";
import { Navigate, useNavigate } from "react-router";
import { ApiError, api } from "../../api/client";
import { DEFAULT_LOGO } from "../../components";
import {
  applyStoredLanguage,
  browserLanguage,
  i18next,
  setLanguage,
  useTranslation,
} from "../../i18n";
import { translateMessage } from "../../i18n/messages";
import { Icon } from "../../layout/icons";
import { isLoggedIn, storeLogin } from "../../lib/session";
import { preloadDashboardWhenIdle } from "../../routes";

// Drawn only once asked for: the dialog code stays out of every page's first download.
const ForgotPasswordDialog = lazy(() => import("./ForgotPasswordDialog"));

/** The message for a refused login: the server's own for 429, SPEC's for any other status. */
function refusalMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 0)) {
    return translateMessage(error.message);
  }
  return i18next.t("login.invalidCredential");
}

/** /login-back: docs/REQUIREMENTS.md's administrator login. */
export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Kept once opened, so that closing it fades out as Bootstrap's dialogs do.
  const [forgotAsked, setForgotAsked] = useState(false);
  const { t } = useTranslation();
  useEffect(preloadDashboardWhenIdle, []);
  // Until an admin signs in, the page speaks the browser's language.
  useEffect(() => {
    if (!isLoggedIn()) void setLanguage(browserLanguage());
  }, []);

  if (isLoggedIn()) return <Navigate to="/admin" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!email.trim() || !password) {
      setMessage(t("login.emptyFields"));
      return;
    }
    setBusy(true);
    setMessage("");
    try {
      const admin = await api.post<AdminData>("login", { email: email.trim(), password });
      if (admin.status !== 200) throw new ApiError(admin.status, "Invalid credential.");
      // Nothing cached from an earlier session may show to this one.
      queryClient.clear();
      storeLogin(admin);
      // The admin's own language, wherever they sign in (docs/DECISIONS.md, "Languages").
      await applyStoredLanguage(admin.languages).catch(() => undefined);
      navigate("/admin", { replace: true });
    } catch (error) {
      setMessage(refusalMessage(error));
      setBusy(false);
    }
  }

  return (
    <main className="app-center-page">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <div className="text-center mb-3">
            <img src={DEFAULT_LOGO} alt="" width={220} height={50} />
          </div>
          <h1 className="h4 text-center mb-4">{t("login.title")}</h1>
          <Form noValidate onSubmit={submit}>
            <Form.Group className="mb-3" controlId="login-email">
              <Form.Label>{t("login.email")}</Form.Label>
              <Form.Control
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
            </Form.Group>
            <Form.Group className="mb-2" controlId="login-password">
              <Form.Label>{t("login.password")}</Form.Label>
              <InputGroup>
                <Form.Control
                  type={showPassword ? "text" : "password"}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
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
            </Form.Group>
            <div className="text-end mb-3">
              <Button
                variant="link"
                size="sm"
                className="p-0"
                onClick={() => {
                  setForgotAsked(true);
                  setForgotOpen(true);
                }}
              >
                {t("login.forgotPassword")}
              </Button>
            </div>
            {message && (
              <p className="text-danger small mb-3" role="alert">
                {message}
              </p>
            )}
            <Button type="submit" className="w-100" disabled={busy}>
              {t("login.submit")}
            </Button>
          </Form>
        </Card.Body>
      </Card>

      {forgotAsked && (
        <Suspense>
          <ForgotPasswordDialog show={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </main>
  );
}
