import { Button, Spinner } from "react-bootstrap";
import { useTranslation } from "../i18n";
import { errorText } from "../i18n/errors";
import { translate } from "../i18n/messages";
import { Reference } from "./Toasts";

/** What a list screen's query tells the table about a failure (TanStack Query's result fits). */
export interface ListQueryState {
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** The list's call failed and has not been answered since: the error state shows instead of rows. */
export function listFailed(query: ListQueryState | undefined): query is ListQueryState & {
  error: Error;
} {
  return query?.error != null;
}

/**
 * Where a list's rows would be, when its call failed: the server's message in
 * the chosen language (by its code: i18n/errors.ts) and a Retry that asks again; never an
 * empty table that reads as "nothing found". Its query's failure toast is left
 * out (the list hooks' `meta`, main.tsx): said here, once.
 */
export function ListError({ query }: { query: ListQueryState & { error: Error } }) {
  // Drawn again in a newly chosen language.
  useTranslation();
  const retrying = query.isFetching;
  return (
    <div className="list-error text-center py-4 px-2" role="alert" data-testid="list-error">
      <p className="fw-semibold mb-1">{translate("The list could not be loaded.")}</p>
      <p className="text-body-secondary mb-3">
        {errorText(query.error)}
        <Reference error={query.error} />
      </p>
      <Button
        variant="outline-primary"
        size="sm"
        disabled={retrying}
        onClick={() => void query.refetch()}
      >
        {retrying && <Spinner animation="border" size="sm" className="me-1" aria-hidden="true" />}
        {translate("Retry")}
      </Button>
    </div>
  );
}
