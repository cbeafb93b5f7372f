import {
  errorBody,
  IMPORT_MAX_BYTES,
  IMPORT_PERMISSION,
  idParams,
  importCheck,
  importError,
  importQuery,
  importRecord,
  importTemplateQuery,
  XLSX_MEDIA_TYPE,
} from "@store/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { App } from "../../appType";
import { requirePermission } from "../../auth/permissions";
import { HttpError } from "../../lib/errors";
import { languageOfStored } from "../../lib/labels";
import { applyImport, checkImport, getImport } from "./service";
import { readImportFile } from "./sheet";
import { importTemplate } from "./templates";

const tags = ["imports"];
/** Any kind's import permission: the service checks the kind's own (IMPORT_PERMISSION). */
const ANY_IMPORT = [...new Set(Object.values(IMPORT_PERMISSION))];
const ANY_VIEW = [...new Set(ANY_IMPORT.map((p) => p.replace(/:manage$/, ":view")))] as never[];
const MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);

/** @fastify/multipart's limit errors: the file or form is too big. */
const TOO_LARGE_CODES = new Set(["FST_REQ_FILE_TOO_LARGE", "FST_FILES_LIMIT", "FST_PARTS_LIMIT"]);

/** The one file of the upload, read up to IMPORT_MAX_BYTES (413 beyond, said in MB). */
async function readFile(request: FastifyRequest): Promise<{ name: string; content: Buffer }> {
  if (!request.isMultipart())
    throw new HttpError(415, "multipart_required", {}, "Send the file as multipart/form-data.");
  try {
    const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
    if (!file) throw new HttpError(400, "no_file", {}, "No file was sent.");
    return { name: file.filename.slice(0, 255), content: await file.toBuffer() };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && TOO_LARGE_CODES.has(code)) {
      throw new HttpError(
        413,
        "upload_too_large",
        {},
        `The file is larger than ${MAX_MB} MB: split it into smaller files.`,
      );
    }
    throw new HttpError(400, "upload_unreadable", {}, "The upload could not be read.");
  }
}

const isDryRun = (value: string | undefined) => value === "1" || value === "true";

/** Imports from Excel or CSV (docs/decisions/imports.md). */
export function registerImportRoutes(app: App): void {
  app.post(
    "/imports",
    {
      config: { permission: ANY_IMPORT, multipartFile: "file" },
      schema: {
        tags,
        querystring: importQuery,
        description: `A file of one kind (xlsx or CSV in UTF-8, \`,\` or \`;\`, at most ${MAX_MB} MB), with the kind's import permission (products and stock: catalog:manage; members: members:manage). With dry_run=1: every bad row and what applying would create and update, nothing written. Without: applied in one transaction (201); a file of more than 2,000 rows by a job (202, GET imports/{id} follows it). A file with any bad row is refused whole (400 import_invalid with every bad row).`,
        response: {
          200: importCheck.describe("The dry run: every bad row, what applying would do."),
          201: importRecord.describe("Applied."),
          202: importRecord.describe("Being applied by a job."),
          400: errorBody
            .extend({ errors: importError.array().optional() })
            .describe(
              "An unreadable file, unknown or missing columns, or bad rows (import_invalid, with every bad row in `errors`).",
            ),
          413: errorBody.describe("A file above the size limit, or more than 100,000 rows."),
          415: errorBody.describe("Not multipart/form-data."),
        },
      },
    },
    async (request, reply) => {
      const { kind, dry_run } = request.query;
      // The kind's permission before the file is read.
      requirePermission(request.admin.permissions, IMPORT_PERMISSION[kind]);
      const file = await readFile(request);
      const rows = await readImportFile(kind, file.content);
      if (isDryRun(dry_run))
        return reply.code(200).send(await checkImport(app.db, request.admin, kind, rows));
      const { record, queued } = await applyImport(app.db, request.admin, kind, file.name, rows);
      if (queued) app.jobs.wake();
      return reply.code(queued ? 202 : 201).send(record);
    },
  );
  app.get(
    "/imports/template",
    {
      config: { permission: ANY_IMPORT, fileAnswer: XLSX_MEDIA_TYPE, blankFile: true },
      schema: {
        tags,
        querystring: importTemplateQuery,
        description:
          "A kind's template: its columns' labels in `lang` (else the caller's language) and one example row, as an xlsx workbook (header bold, a note on each required column) or a CSV (UTF-8 with a BOM).",
        response: { 200: z.string().describe("The template (xlsx or CSV).") },
      },
    },
    async (request, reply) => {
      const { kind, _format, lang } = request.query;
      requirePermission(request.admin.permissions, IMPORT_PERMISSION[kind]);
      const file = await importTemplate(
        kind,
        _format,
        lang ?? languageOfStored(request.admin.languages),
      );
      return (
        reply
          .type(file.mediaType)
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          // A Buffer is sent as it is (Fastify serialises no Buffer); the schema documents a file.
          .send(file.content as unknown as string)
      );
    },
  );
  app.get(
    "/imports/:id",
    {
      config: { permission: ANY_VIEW },
      schema: {
        tags,
        params: idParams,
        description: "An import: its status (running, done, failed), what it created and updated.",
        response: { 200: importRecord },
      },
    },
    async (request) => getImport(app.db, request.admin, request.params.id),
  );
}
