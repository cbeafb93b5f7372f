/**
 * Imports (issue 43, docs/decisions/imports.md): a file of one kind checked
 * whole (a dry run writes nothing), then applied in one transaction with its
 * `imports` row, or, past IMPORT_JOB_ROWS rows, by the job `import.apply`
 * doing the same. A file with any bad row is refused whole.
 */
import {
  IMPORT_JOB_ROWS,
  IMPORT_PERMISSION,
  type ImportCheck,
  type ImportError,
  type ImportKind,
  type ImportRecord,
  type Permission,
} from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { requirePermission } from "../../auth/permissions";
import type { Db, Tx } from "../../db/client";
import { imports, jobs } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { HttpError, notFound } from "../../lib/errors";
import { enqueueJob } from "../jobs/queue";
import type { JobContext } from "../jobs/runner";
import type { Importer, RowProblem, SheetRow } from "./importer";
import { IMPORTERS } from "./kinds";

/** The job that applies a large file. */
export const IMPORT_JOB = "import.apply";

/** Who is importing: the session's person and what they may do. */
export type Importing = Actor & { permissions: readonly Permission[] };

/** The `view` of a kind's area: who may read its imports. */
export const viewPermissionOf = (kind: ImportKind): Permission =>
  IMPORT_PERMISSION[kind].replace(/:manage$/, ":view") as Permission;

function importerOf(kind: ImportKind): Importer {
  return IMPORTERS[kind];
}

const answered = (problems: readonly RowProblem[]): ImportError[] =>
  [...problems]
    .sort((a, b) => a.row - b.row)
    .map(({ row, column, code, params, message }) => ({
      row,
      column,
      code,
      params: params as ImportError["params"],
      message,
    }));

/** 400 for a file with bad rows: every one, as a dry run names them; nothing written. */
function refused(errors: ImportError[]): HttpError {
  const count = errors.length;
  return new HttpError(
    400,
    "import_invalid",
    { count },
    `The file has ${count} bad ${count === 1 ? "row" : "rows"}: nothing was imported. Correct ${count === 1 ? "it" : "them"} and send the file again.`,
    { details: { errors } },
  );
}

/** POST imports?dry_run=1: every bad row and what applying would create and update; nothing written. */
export async function checkImport(
  db: Db,
  caller: Importing,
  kind: ImportKind,
  rows: readonly SheetRow[],
): Promise<ImportCheck> {
  requirePermission(caller.permissions, IMPORT_PERMISSION[kind]);
  const importer = importerOf(kind);
  const checked = await db.transaction((tx) => importer.check(tx, rows));
  // What the apply would ask beyond the kind's permission (opening balances, an NRIC), said now.
  if (checked.problems.length === 0) requireNeeds(importer, checked.plan, caller.permissions);
  return {
    dry_run: true,
    kind,
    rows: rows.length,
    create: checked.problems.length > 0 ? 0 : checked.create,
    update: checked.problems.length > 0 ? 0 : checked.update,
    errors: answered(checked.problems),
  };
}

type ImportRow = typeof imports.$inferSelect;

export function importRecordOf(row: ImportRow): ImportRecord {
  return {
    import_id: row.import_id,
    kind: row.kind,
    file_name: row.file_name,
    status: row.status,
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    errors: row.errors,
    job_id: row.job_id,
    created_by: row.created_by,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** 403 naming a permission the plan needs beyond the kind's (importer.ts `needs`). */
function requireNeeds(importer: Importer, plan: unknown, held: readonly Permission[]): void {
  for (const needed of importer.needs?.(plan) ?? []) requirePermission(held, needed);
}

/** Checks again under the transaction, refuses a bad file whole, applies a good one; the row's counts kept. */
async function checkAndApply(
  tx: Tx,
  actor: Actor | null,
  importId: number,
  kind: ImportKind,
  rows: readonly SheetRow[],
  /** The caller's, for what the plan needs beyond the kind's permission; a job's were checked when it was queued. */
  permissions?: readonly Permission[],
): Promise<{ errors: ImportError[]; created: number; updated: number }> {
  const importer = importerOf(kind);
  const checked = await importer.check(tx, rows);
  if (checked.problems.length > 0)
    return { errors: answered(checked.problems), created: 0, updated: 0 };
  if (permissions) requireNeeds(importer, checked.plan, permissions);
  const done = await importer.apply(tx, checked.plan, { importId, actor });
  return { errors: [], ...done };
}

/** The job's payload: the rows read from the file (the bytes are not needed again). */
interface ImportJobPayload {
  import_id: number;
  kind: ImportKind;
  actor: Actor;
  /** The file's column names, then each row as [row number, ...cells in that order]. */
  columns?: string[];
  rows?: (string | number)[][];
}

function packRows(rows: readonly SheetRow[]): Pick<ImportJobPayload, "columns" | "rows"> {
  const columns = Object.keys(rows[0]?.cells ?? {});
  return {
    columns,
    rows: rows.map((r) => [r.row, ...columns.map((c) => r.cells[c] ?? "")]),
  };
}

function unpackRows(payload: ImportJobPayload): SheetRow[] {
  const columns = payload.columns ?? [];
  return (payload.rows ?? []).map(([row, ...cells]) => ({
    row: Number(row),
    cells: Object.fromEntries(columns.map((c, i) => [c, String(cells[i] ?? "")])),
  }));
}

/**
 * POST imports: a good file applied at once (201) or, when large, its
 * `imports` row and job (202, running); a file with any bad row refused
 * whole (400 import_invalid with every bad row), nothing written.
 */
export async function applyImport(
  db: Db,
  caller: Importing,
  kind: ImportKind,
  fileName: string,
  rows: readonly SheetRow[],
): Promise<{ record: ImportRecord; queued: boolean }> {
  requirePermission(caller.permissions, IMPORT_PERMISSION[kind]);
  const actor: Actor = { user_id: caller.user_id, username: caller.username };
  const large = rows.length > IMPORT_JOB_ROWS;
  if (large) {
    // Refused now rather than by the job: the operator sees the bad rows at once.
    const checked = await db.transaction((tx) => importerOf(kind).check(tx, rows));
    if (checked.problems.length > 0) throw refused(answered(checked.problems));
    requireNeeds(importerOf(kind), checked.plan, caller.permissions);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(imports)
      .values({
        kind,
        file_name: fileName,
        rows: rows.length,
        created_by_id: actor.user_id,
        created_by: actor.username,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    if (large) {
      const payload: ImportJobPayload = {
        import_id: row.import_id,
        kind,
        actor,
        ...packRows(rows),
      };
      const { job_id } = await enqueueJob(tx, {
        kind: IMPORT_JOB,
        key: String(row.import_id),
        payload,
        // A failure is said on the import's record; the same file again is a new import.
        maxTries: 1,
      });
      const [queued] = await tx
        .update(imports)
        .set({ job_id })
        .where(eq(imports.import_id, row.import_id))
        .returning();
      if (!queued) throw new Error("update returned no row");
      await auditImport(tx, actor, queued);
      return { record: importRecordOf(queued), queued: true };
    }
    const result = await checkAndApply(tx, actor, row.import_id, kind, rows, caller.permissions);
    if (result.errors.length > 0) throw refused(result.errors);
    const finished = await finish(tx, row.import_id, "done", result);
    await auditImport(tx, actor, finished);
    return { record: importRecordOf(finished), queued: false };
  });
}

async function finish(
  tx: Tx,
  importId: number,
  status: "done" | "failed",
  result: { errors: ImportError[]; created: number; updated: number },
): Promise<ImportRow> {
  const [row] = await tx
    .update(imports)
    .set({ status, ...result, finished_at: sql`now()` })
    .where(eq(imports.import_id, importId))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

async function auditImport(tx: Tx, actor: Actor | null, row: ImportRow): Promise<void> {
  const { errors: _errors, ...after } = row;
  await recordAudit(tx, actor, {
    entity: "Import",
    entityId: row.import_id,
    action: "create",
    after,
  });
}

/**
 * The job `import.apply`: the same check and apply as a small file, in one
 * transaction. A file refused by the check (the store changed since it was
 * sent) or an apply that fails leaves the import `failed`, nothing of it
 * written. The rows are dropped from the payload once done.
 */
export async function runImportJob(db: Db, { job, progress }: JobContext): Promise<unknown> {
  const payload = job.payload as ImportJobPayload;
  const rows = unpackRows(payload);
  // Progress only outside the transaction: the embedded store has one connection.
  await progress(0, rows.length);
  try {
    const row = await db.transaction(async (tx) => {
      const result = await checkAndApply(tx, payload.actor, payload.import_id, payload.kind, rows);
      const status = result.errors.length > 0 ? "failed" : "done";
      await tx
        .update(jobs)
        .set({ payload: { import_id: payload.import_id, kind: payload.kind } })
        .where(eq(jobs.job_id, job.job_id));
      return finish(tx, payload.import_id, status, result);
    });
    await progress(rows.length, rows.length);
    // A bulk load: the statistics the plans need are fresh at once (docs/decisions/imports.md).
    const tables = importerOf(payload.kind).tables;
    if (row.status === "done" && tables.length > 0) {
      await db.execute(sql.raw(`analyze ${tables.map((t) => `"${t}"`).join(", ")}`));
    }
    return {
      import_id: row.import_id,
      status: row.status,
      created: row.created,
      updated: row.updated,
    };
  } catch (error) {
    await db.transaction((tx) =>
      finish(tx, payload.import_id, "failed", { errors: [], created: 0, updated: 0 }),
    );
    throw error;
  }
}

/** GET imports/{id}: the import, for whoever may view its kind's area. */
export async function getImport(
  db: Db,
  caller: { permissions: readonly Permission[] },
  id: number,
): Promise<ImportRecord> {
  const [row] = await db.select().from(imports).where(eq(imports.import_id, id));
  if (!row) throw notFound("Import");
  requirePermission(caller.permissions, viewPermissionOf(row.kind));
  return importRecordOf(row);
}
