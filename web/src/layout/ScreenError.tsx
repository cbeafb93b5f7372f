import { Component, type ErrorInfo, type ReactNode, useState } from "react";
import { Button } from "react-bootstrap";
import { useNavigate, useRouteError } from "react-router";
import { ApiError } from "../api/client";
import { useTranslation } from "../i18n";
import { dashboard } from "../resources/dashboard";

/**
 * The reference a person quotes to support for a screen that failed to draw:
 * the server's request id when a call's answer caused it (the server's log has
 * that request), else a new one, written to the console beside the error
 * (docs/decisions/screen-errors.md).
 */
export function referenceOfFailure(error: unknown): string {
  if (error instanceof ApiError && typeof error.details.request_id === "string")
    return error.details.request_id;
  // randomUUID is missing outside a secure context (plain http on a LAN address).
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function")
    return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Records a screen's failure for support: the console, under its reference and address. */
export function recordScreenFailure(error: unknown, componentStack?: string | null): string {
  const reference = referenceOfFailure(error);
  console.error(
    `Screen error, reference ${reference}, at ${window.location.pathname}${window.location.search}`,
    error,
    componentStack ?? "",
  );
  return reference;
}

/** What a failed screen says, in the person's language: what happened, Reload, Back, the reference. */
export function ScreenErrorPage({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The browser's Back; a tab opened on this address has none: the dashboard then.
  const back = () =>
    window.history.length > 1 ? navigate(-1) : navigate(dashboard.list.path, { replace: true });
  return (
    <section className="card p-4" style={{ maxWidth: 640 }} role="alert" data-testid="screen-error">
      <h1 className="h4">{t("screenError.title")}</h1>
      <p>{t("screenError.text")}</p>
      {reference && (
        <p className="small text-body-secondary" data-testid="screen-error-reference">
          {t("screenError.reference", { id: reference })}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={() => window.location.reload()}>{t("screenError.reload")}</Button>
        <Button variant="outline-secondary" onClick={back}>
          {t("screenError.back")}
        </Button>
      </div>
    </section>
  );
}

interface BoundaryProps {
  /** The address on show: another one clears the failure (the person went elsewhere). */
  address: string;
  children: ReactNode;
}
interface BoundaryState {
  reference: string | null;
  address: string;
}

/**
 * One screen's error boundary, inside the shell: a screen that throws while it
 * draws shows ScreenErrorPage in its place, the sidebar and top bar stay.
 * (The screens are routes of a descendant <Routes>, where React Router's
 * `errorElement` is not read; this is what its route boundary does.)
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { reference: null, address: this.props.address };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    // The reference is set in componentDidCatch, which records the error once.
    return { reference: "" };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.address !== state.address) return { reference: null, address: props.address };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ reference: recordScreenFailure(error, info.componentStack) });
  }

  override render() {
    if (this.state.reference === null) return this.props.children;
    return <ScreenErrorPage reference={this.state.reference} />;
  }
}

/**
 * The router's own error element, for a failure outside any screen (the shell
 * itself): the same page, centred, without the shell that failed.
 */
export function AppErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  // Recorded once per failure shown, not on each draw.
  const [reference] = useState(() => recordScreenFailure(error));
  return (
    <main className="app-center-page p-3" aria-label={t("screenError.title")}>
      <ScreenErrorPage reference={reference} />
    </main>
  );
}
