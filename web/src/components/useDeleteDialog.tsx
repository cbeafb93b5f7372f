import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { recordVersion } from "../api/client";
import type { RemoveTarget } from "../api/crud";
import { ConfirmDialog } from "./ConfirmDialog";
import { reportStaleRow } from "./staleRows";

/**
 * A list's delete flow: `ask(row)` opens the "Delete Alert" for that row;
 * Confirm calls the remove mutation (whose success reloads the list) and the
 * dialog closes when the call settles, whichever way it went. The delete
 * carries the version the row was shown with: a row changed since is kept,
 * and the list says so by name (a 412) and shows it afresh.
 */
export function useDeleteDialog<T>({
  remove,
  idOf,
  nameOf,
  question,
}: {
  /** Undefined: the screen asks with a dialog of its own (RecordList's deleteDialog). */
  remove: UseMutationResult<unknown, Error, RemoveTarget> | undefined;
  idOf: (row: T) => number;
  /** Names the row when it changed before the delete (412). */
  nameOf: (row: T) => string;
  /** The dialog's text for the row, as docs/REQUIREMENTS.md section 5 words it. */
  question: (row: T) => ReactNode;
}): { ask: (row: T) => void; dialog: ReactNode } {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialog = (
    <ConfirmDialog
      show={deleting !== null}
      title="Delete Alert"
      busy={remove?.isPending ?? false}
      onCancel={() => setDeleting(null)}
      onConfirm={() => {
        if (deleting === null) return;
        const row = deleting;
        remove?.mutate(
          { id: idOf(row), version: recordVersion(row) },
          {
            onError: (error) => reportStaleRow(error, nameOf(row)),
            onSettled: () => setDeleting(null),
          },
        );
      }}
    >
      {deleting !== null && question(deleting)}
    </ConfirmDialog>
  );
  return { ask: setDeleting, dialog };
}
