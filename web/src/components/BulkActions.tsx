import { BULK_MAX } from "@store/contract";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Button, ButtonGroup, Dropdown, Modal } from "react-bootstrap";
import type { BulkAnswer } from "../api/client";
import type { BulkRequest } from "../api/crud";
import { errorText } from "../i18n/errors";
import { translate } from "../i18n/messages";
import { formatCount } from "../lib/format";
import { useMayDo } from "../resources/context";
import { type BulkSummary, SummaryTable } from "./BulkSummaryTable";
import { ConfirmDialog } from "./ConfirmDialog";
import { staleRowText } from "./staleRows";
import type { PickedRow, Selection } from "./table/useSelection";

export type { BulkSummary } from "./BulkSummaryTable";

/** How a list names its records in the bulk texts: "brand" / "brands". */
export interface Noun {
  one: string;
  many: string;
}

/** One bulk action a list offers; `T` is the list's record (for `summary`). */
export interface BulkAction<T = unknown> {
  /** The API's action: "delete", "activate", "approve", "set_status"... */
  action: string;
  /** Its button (or its item under `group`). */
  label: string;
  /** The confirm dialog's title: "Delete Alert", as single deletes are asked. */
  title?: string;
  /** The confirm question, given what it applies to ("3 brands"). */
  question?: (what: string) => string;
  /**
   * Instead of a call to the server: opens a screen with the ticked rows' ids
   * (print their invoices), at once, unasked. Such an action changes nothing,
   * so it is offered to whoever may open the list (DataTable), not only to
   * those who may take its bulk actions; not on "all matching".
   */
  opens?: (ids: number[]) => void;
  variant?: string;
  /** The action's own body fields (an order's new status). */
  body?: Record<string, unknown>;
  /** Offered in a dropdown of this name ("Set Status"). */
  group?: string;
  /** The chosen rows, listed in the dialog under the question, with their total. */
  summary?: BulkSummary<T>;
  /** Said under the summary, about the listed rows (payouts: which get only a first approval). */
  details?: (rows: { id: number; row: T }[]) => ReactNode;
}

export const deleteAction: BulkAction = {
  action: "delete",
  label: "Delete",
  title: "Delete Alert",
  question: (what) => translate("Are you sure you want to delete {{what}}?", { what }),
  variant: "outline-danger",
};

/** Activate and Deactivate, for records with a 1/0 status. */
export const statusActions: BulkAction[] = [
  {
    action: "activate",
    label: "Activate",
    title: "Activate Alert",
    question: (what) => translate("Are you sure you want to activate {{what}}?", { what }),
    variant: "outline-success",
  },
  {
    action: "deactivate",
    label: "Deactivate",
    title: "Deactivate Alert",
    question: (what) => translate("Are you sure you want to deactivate {{what}}?", { what }),
    variant: "outline-secondary",
  },
];

const plural = (count: number, noun: Noun) => (count === 1 ? noun.one : noun.many);

/**
 * The bar above a list once rows are ticked: how many, "Select all N
 * matching", the actions, each asked first (how many and what), and the
 * result: how many succeeded and which failed, why. Only for a person who may
 * take the screen's bulk actions.
 */
export function BulkBar<T>(props: BulkBarProps<T>) {
  const mayBulk = useMayDo("bulk");
  return (props.may ?? mayBulk) ? <ShownBulkBar {...props} /> : null;
}

interface BulkBarProps<T> {
  selection: Selection<T>;
  /** The rows on show (ids, names, versions, records): names the failures, offers "all matching". */
  pageRows: PickedRow<T>[];
  total: number;
  capped: boolean;
  noun: Noun;
  actions: BulkAction<T>[];
  run: UseMutationResult<BulkAnswer, Error, BulkRequest>;
  /** The list's search and filters, sent for "all matching". */
  filter: BulkRequest["filter"];
  /** As SelectBox's. */
  may?: boolean | undefined;
}

function ShownBulkBar<T>({
  selection,
  pageRows,
  total,
  capped,
  noun,
  actions,
  run,
  filter,
}: BulkBarProps<T>) {
  const [asking, setAsking] = useState<BulkAction<T> | null>(null);
  const [result, setResult] = useState<{
    action: BulkAction<T>;
    answer: BulkAnswer;
    names: ReadonlyMap<number, string>;
  } | null>(null);

  const totalText = capped
    ? translate("more than {{count}}", { count: formatCount(total) })
    : formatCount(total);
  const what = selection.matching
    ? translate("all {{total}} matching {{field}}", {
        total: totalText,
        field: translate(noun.many),
      })
    : translate("{{count}} {{field}}", {
        count: formatCount(selection.count),
        field: translate(plural(selection.count, noun)),
      });
  const pageAllTicked =
    pageRows.length > 0 && pageRows.every((r) => selection.chosen.has(r.id)) && !selection.matching;
  const more = total > pageRows.length || capped;
  // The server acts on at most BULK_MAX records a call (it refuses a filter matching more).
  const tooMany = capped || total > BULK_MAX;

  /**
   * The question, then the rows it names: the ticked ones (across pages), or
   * for "all matching" the ones on this page, said to be those
   * (docs/decisions/money-named-before-consent.md).
   */
  function askWithSummary(
    question: string,
    summary: BulkSummary<T>,
    details: BulkAction<T>["details"],
  ): ReactNode {
    const listed = selection.matching
      ? pageRows.flatMap(({ id, row }) => (row === undefined ? [] : [{ id, row }]))
      : selection.records(pageRows);
    return (
      <>
        <p className="mb-0">{translate(question)}</p>
        {selection.matching && (
          <p className="small mt-2 mb-0">
            {translate("Listed below: the {{count}} shown on this page, and their total.", {
              count: formatCount(listed.length),
            })}
          </p>
        )}
        <SummaryTable summary={summary} rows={listed} />
        {details?.(listed)}
      </>
    );
  }

  /** An action that opens a screen goes there at once; the others ask first. */
  function take(action: BulkAction<T>) {
    if (action.opens) action.opens([...selection.chosen.keys()]);
    else setAsking(action);
  }

  function confirm() {
    if (!asking) return;
    const action = asking;
    const names = new Map(selection.chosen);
    for (const row of pageRows) names.set(row.id, row.name);
    const versions = selection.versions(pageRows);
    const body: BulkRequest = selection.matching
      ? { ...action.body, action: action.action, filter: filter ?? {} }
      : {
          ...action.body,
          action: action.action,
          ids: [...selection.chosen.keys()],
          ...(versions ? { versions } : {}),
        };
    run.mutate(body, {
      onSuccess: (answer) => {
        selection.clear();
        setResult({ action, answer, names });
      },
      onSettled: () => setAsking(null),
    });
  }

  const grouped = new Map<string, BulkAction<T>[]>();
  for (const a of actions) if (a.group) grouped.set(a.group, [...(grouped.get(a.group) ?? []), a]);
  const failures = result?.answer.results.filter((r) => !r.ok) ?? [];
  const succeeded = (result?.answer.results.length ?? 0) - failures.length;
  // Accepted but not done: a payout's first approval of two (202).
  const awaiting = result?.answer.results.filter((r) => r.ok && r.status === 202) ?? [];

  return (
    <>
      {(selection.count > 0 || selection.matching) && (
        <div
          className="d-flex flex-wrap align-items-center gap-2 mb-2 px-2 py-1 rounded bg-primary-subtle"
          role="toolbar"
          aria-label={translate("Bulk actions")}
        >
          <span className="small fw-semibold" aria-live="polite">
            {selection.matching
              ? translate("All {{total}} matching {{field}} selected", {
                  total: totalText,
                  field: translate(noun.many),
                })
              : translate("{{count}} selected", { count: formatCount(selection.count) })}
          </span>
          {pageAllTicked && more && !tooMany && (
            <Button size="sm" variant="link" className="p-0" onClick={selection.selectMatching}>
              {translate("Select all {{total}} matching", { total: totalText })}
            </Button>
          )}
          {pageAllTicked && more && tooMany && (
            <span className="small text-muted">
              {translate(
                "{{total}} match: narrow the filters to act on all of them (at most {{max}} at a time).",
                { total: totalText, max: formatCount(BULK_MAX) },
              )}
            </span>
          )}
          <div className="d-flex flex-wrap gap-1 ms-auto">
            {actions
              .filter((a) => !a.group)
              .map((a) => (
                <Button
                  key={a.label}
                  size="sm"
                  variant={a.variant ?? "outline-primary"}
                  disabled={!!a.opens && selection.matching}
                  onClick={() => take(a)}
                >
                  {translate(a.label)}
                </Button>
              ))}
            {[...grouped].map(([group, items]) => (
              <Dropdown key={group} as={ButtonGroup}>
                <Dropdown.Toggle size="sm" variant="outline-primary">
                  {translate(group)}
                </Dropdown.Toggle>
                <Dropdown.Menu>
                  {items.map((a) => (
                    <Dropdown.Item
                      key={a.label}
                      as="button"
                      disabled={!!a.opens && selection.matching}
                      onClick={() => take(a)}
                    >
                      {translate(a.label)}
                    </Dropdown.Item>
                  ))}
                </Dropdown.Menu>
              </Dropdown>
            ))}
            <Button size="sm" variant="outline-secondary" onClick={selection.clear}>
              {translate("Clear selection")}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        show={asking !== null}
        title={asking?.title ?? ""}
        confirmVariant={asking?.variant?.replace("outline-", "") ?? "primary"}
        busy={run.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      >
        {asking?.summary && asking.question
          ? askWithSummary(asking.question(what), asking.summary, asking.details)
          : asking?.question?.(what)}
      </ConfirmDialog>
      <Modal
        show={result !== null}
        onHide={() => setResult(null)}
        centered
        aria-labelledby="bulk-result-title"
      >
        <Modal.Header closeButton closeLabel={translate("Close")}>
          <Modal.Title id="bulk-result-title" as="h2" className="h5">
            {translate("{{field}} Result", { field: translate(result?.action.label ?? "") })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2" data-testid="bulk-summary">
            {translate("{{count}} of {{total}} succeeded.", {
              count: succeeded,
              total: result?.answer.results.length ?? 0,
            })}
          </p>
          {awaiting.length > 0 && (
            <p className="mb-2" data-testid="bulk-awaiting">
              {translate("{{count}} await a second approval.", { count: awaiting.length })}{" "}
              {awaiting.map((r) => result?.names.get(r.id) ?? `#${r.id}`).join(", ")}
            </p>
          )}
          {failures.length > 0 && (
            <>
              <p className="mb-1 fw-semibold">
                {translate("{{count}} failed:", { count: failures.length })}
              </p>
              <ul aria-label={translate("Failures")} className="mb-0">
                {failures.map((f) => (
                  <li key={f.id}>
                    {f.status === 412
                      ? staleRowText(result?.names.get(f.id) ?? `#${f.id}`)
                      : `${result?.names.get(f.id) ?? `#${f.id}`}: ${errorText(f)}`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="primary" onClick={() => setResult(null)}>
            {translate("OK")}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
