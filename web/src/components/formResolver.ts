import { toNestErrors } from "@hookform/resolvers";
import { codeOfIssue } from "@store/contract/errors";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { fieldErrorOf } from "../i18n/errors";
import { loadOnce } from "../lib/loadOnce";

/** The contract's zod schema of a form: what it takes in, what it gives to the save. */
export type Schema<TIn extends FieldValues, TOut> = z.ZodType<TOut, TIn>;

/**
 * The contract's schema as the form's resolver, each field's error keeping the
 * code and params of its issue (the contract's codeOfIssue), so it is shown in
 * the chosen language by code like a server's issue (docs/decisions/error-codes.md).
 */
function codedResolver<TIn extends FieldValues, TOut>(
  schema: Schema<TIn, TOut>,
): Resolver<TIn, unknown, TOut> {
  return async (values, _context, options) => {
    const result = await (schema as unknown as z.ZodType<TOut>).safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join(".");
      // The first issue of a field is its message, as zodResolver shows it.
      if (errors[path]) continue;
      errors[path] = fieldErrorOf({ message: issue.message, ...codeOfIssue(issue) });
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The form's resolver; a loaded schema's is made once (lib/loadOnce.ts). */
export function schemaResolver<TIn extends FieldValues, TOut>(
  schema: Schema<TIn, TOut> | (() => Promise<Schema<TIn, TOut>>),
): { resolver: Resolver<TIn, unknown, TOut>; load?: () => Promise<unknown> } {
  const of = (loaded: Schema<TIn, TOut>) => codedResolver<TIn, TOut>(loaded);
  if (typeof schema !== "function") return { resolver: of(schema) };
  const load = loadOnce(() => schema().then(of));
  return { resolver: async (...args) => (await load())(...args), load };
}
