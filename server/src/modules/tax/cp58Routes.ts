import {
  cp58Params,
  cp58Query,
  cp58Run,
  cp58YearStatements,
  errorBody,
  idParams,
} from "@store/contract";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { App } from "../../appType";
import { requirePermission } from "../../auth/permissions";
import { languageOfStored } from "../../lib/labels";
import { CP58_JOB, cp58Of, cp58Year, startCp58Run } from "./cp58";
import { cp58Pdf } from "./cp58Pdf";

const PDF = "application/pdf";
/** What the route's 200 is in the API document: openapi.ts turns it into a PDF file answer. */
const pdfFile = z.string().meta({ description: "The PDF file." });
/** A PDF as a download (the route's schema types its JSON answers only). */
function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply.type(PDF).header("content-disposition", `attachment; filename="${name}"`).send(pdf);
}

const YEAR_NOT_ENDED = "409 `cp58_year_not_ended` for a year not over yet in the store's zone.";

/**
 * docs/decisions/cp58.md: a year's CP58 statements. Running the year and
 * listing it are payouts' work (payouts:manage, payouts:view); a statement
 * prints the member's identity number in full, so it also needs kyc:view and
 * each one drawn is audited.
 */
export function registerCp58Routes(app: App): void {
  const tags = ["tax"];
  app.get(
    "/users/:id/cp58",
    {
      config: { permission: "kyc:view", fileAnswer: PDF },
      schema: {
        tags,
        summary: "A member's CP58 statement for a year as a PDF (audited)",
        description: `Needs kyc:view and payouts:view. The commissions the store paid the member in the calendar year (the ledger's, in the store's zone), the store's and the member's particulars with the NRIC in full; each call writes an audit row (Kyc, action view, the number masked). 409 \`cp58_not_eligible\` when the member was paid RM 5,000.00 or less that year; ${YEAR_NOT_ENDED}`,
        params: idParams,
        querystring: cp58Query,
        response: {
          200: pdfFile,
          409: errorBody.describe("Paid RM 5,000.00 or less that year, or the year not over."),
        },
      },
    },
    async (request, reply) => {
      requirePermission(request.admin.permissions, "payouts:view");
      const { year, lang } = request.query;
      const statement = await cp58Of(app.db, request.admin, request.params.id, year);
      const pdf = await cp58Pdf(statement, lang ?? languageOfStored(request.admin.languages));
      const name = `CP58-${year}-${statement.payee.username.replace(/[^A-Za-z0-9._-]+/g, "_")}.pdf`;
      return sendPdf(reply, name, pdf);
    },
  );
  app.get(
    "/cp58/:year",
    {
      config: { permission: "payouts:view" },
      schema: {
        tags,
        summary: "The CP58 statements the year's latest run made",
        description:
          "Each member with their amounts by kind, the count and total, and the latest run's job (its progress). Each statement's PDF: GET /api/users/{id}/cp58?year=.",
        params: cp58Params,
        response: { 200: cp58YearStatements },
      },
    },
    async (request) => cp58Year(app.db, request.params.year),
  );
  app.post(
    "/cp58/:year",
    {
      config: { permission: "payouts:manage" },
      schema: {
        tags,
        summary: "Makes the year's CP58 statements in a job (202)",
        description: `A job (${CP58_JOB}) records a statement for every member paid more than RM 5,000.00 in commissions in the year, replacing an earlier run's; a run already queued or running is answered again. ${YEAR_NOT_ENDED}`,
        params: cp58Params,
        response: { 202: cp58Run, 409: errorBody.describe("The year is not over yet.") },
      },
    },
    async (request, reply) => {
      const run = await startCp58Run(app.db, request.admin, request.params.year);
      app.jobs.wake();
      return reply.code(202).send(run);
    },
  );
}
