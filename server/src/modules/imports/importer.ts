/**
 * What one kind of import is (issue 43, docs/decisions/imports.md): its rows
 * checked whole against the contract and the store, then written in the
 * caller's transaction. service.ts reads the file (sheet.ts), calls `check`
 * for a dry run, and `check` then `apply` in one transaction to apply it;
 * each kind is its own file (products.ts, stock.ts, members.ts).
 */
import type { ErrorCode, ErrorParams, ImportKind, Permission } from "@store/contract";
import type { Tx } from "../../db/client";
import type { Actor } from "../../lib/audit";

/** One data row of the file: its row number (the header is row 1) and its cells by column name, trimmed. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

/** A bad cell: where, and why as an error code with its params (translated for the asker by service.ts). */
export interface RowProblem<C extends ErrorCode = ErrorCode> {
  row: number;
  column: string;
  code: C;
  params: ErrorParams<C>;
  /** The English message. */
  message: string;
}

/** What a check found: the problems, and, when none, what applying writes. */
export interface Checked<Plan> {
  problems: RowProblem[];
  create: number;
  update: number;
  /** What apply writes; read under the same transaction's locks when applying. */
  plan: Plan;
}

/** The import being applied, as audit rows and ledger entries name it. */
export interface ImportRun {
  importId: number;
  actor: Actor | null;
  /** Called now and then with the rows written so far (a job's progress). */
  progress?: (done: number) => Promise<void>;
}

export interface Importer<Plan = unknown> {
  kind: ImportKind;
  /** The tables a large apply fills: analysed once it commits, so the plans see its rows. */
  tables: readonly string[];
  /** Every row checked against the contract's schemas and the store; nothing written. */
  check(tx: Tx, rows: readonly SheetRow[]): Promise<Checked<Plan>>;
  /** Writes a plan found with no problem, in the caller's transaction: records, their audit rows naming the import. */
  apply(tx: Tx, plan: Plan, run: ImportRun): Promise<{ created: number; updated: number }>;
  /**
   * What applying this plan needs beyond the kind's IMPORT_PERMISSION (members:
   * wallets:manage for an opening balance, kyc:manage for an NRIC); service.ts
   * answers 403 naming what is missing.
   */
  needs?(plan: Plan): Permission[];
}
