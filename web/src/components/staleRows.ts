import { isStale } from "../api/client";
import { translate } from "../i18n/messages";
import { showToast } from "./toastStore";

/**
 * What a list says of a row whose switch, delete or bulk action met a 412: the
 * row changed since the list showed it, was left as it is, and the list has
 * been read again (the write's refresh) so it shows the row as it now is.
 */
export const staleRowText = (name: string) =>
  translate("{{name}} was changed by someone else; the list now shows it as it is.", { name });

/**
 * A list's own word for a 412 on one row, in place of the server's message
 * (main.tsx then leaves its toast out); answers whether it was one.
 */
export function reportStaleRow(error: unknown, name: string): boolean {
  if (!isStale(error)) return false;
  error.shownOnFields = true;
  showToast(staleRowText(name));
  return true;
}
