/** A bad cell as a RowProblem (importer.ts): by its code, or by the contract schema's first issue. */
import { codeOfIssue, type ErrorCode, type ErrorParams } from "@store/contract";
import type { z } from "zod";
import type { RowProblem } from "./importer";

export function problem<C extends ErrorCode>(
  row: number,
  column: string,
  code: C,
  params: ErrorParams<C>,
  message: string,
): RowProblem {
  return { row, column, code, params, message } as RowProblem;
}

/** The first issue of a contract schema's refusal, with the schema's own code and English message. */
export function schemaProblem(row: number, column: string, error: z.ZodError): RowProblem {
  const issue = error.issues[0];
  if (!issue)
    return problem(row, column, "invalid_value", { field: column }, "The value is not valid.");
  const coded = codeOfIssue(issue);
  return {
    row,
    column,
    code: coded.code,
    params: coded.params,
    message: issue.message,
  } as RowProblem;
}

/** One row's problems and the fields it gives, each read by its contract schema. */
export class RowReader {
  readonly problems: RowProblem[] = [];
  constructor(
    readonly row: number,
    readonly cells: Record<string, string>,
  ) {}

  /** The cell read by `schema`, or undefined when empty (a problem when `required`). */
  read<S extends z.ZodType>(
    column: string,
    schema: S,
    label: string,
    required: boolean,
  ): z.output<S> | undefined {
    const text = this.cells[column] ?? "";
    if (text === "") {
      if (required)
        this.problems.push(
          problem(this.row, column, "required", { field: label }, `${label} is required.`),
        );
      return undefined;
    }
    const parsed = schema.safeParse(text);
    if (!parsed.success) {
      this.problems.push(schemaProblem(this.row, column, parsed.error));
      return undefined;
    }
    return parsed.data;
  }
}
