import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../api/client";

/**
 * Puts a 400's field issues under the fields they name, so the admin sees
 * which value the server refused (the toast says it too). Answers whether any
 * issue matched a field.
 */
export function showServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let matched = false;
  for (const issue of error.issues) {
    if (!fields.includes(issue.path)) continue;
    setError(issue.path as Path<T>, { type: "server", message: issue.message });
    matched = true;
  }
  return matched;
}
