import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * A list's delete flow: `ask(row)` opens the "Delete Alert" for that row;
 * Confirm calls the remove mutation (whose success reloads the list) and the
 * dialog closes when the call settles, whichever way it went.
 */
export function useDeleteDialog<T>({
  remove,
  idOf,
  question,
}: {
  /** Undefined: the screen asks with a dialog of its own (RecordList's deleteDialog). */
  remove: UseMutationResult<unknown, Error, number> | undefined;
  idOf: (row: T) => number;
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
        if (deleting !== null)
          remove?.mutate(idOf(deleting), { onSettled: () => setDeleting(null) });
      }}
    >
      {deleting !== null && question(deleting)}
    </ConfirmDialog>
  );
  return { ask: setDeleting, dialog };
}
