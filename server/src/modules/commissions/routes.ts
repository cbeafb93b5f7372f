import {
  commissionPeriod,
  commissionPeriodReport,
  commissionPeriodRun,
  commissionPlan,
  commissionPlanInput,
  commissionPreviewInput,
  commissionPreviewRow,
  commissionStatement,
  errorBody,
  idParams,
  listQuery,
  rankChange,
  statementQuery,
} from "@store/contract";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { App } from "../../appType";
import { languageOfStored } from "../../lib/labels";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import { settingsService } from "../settings/service";
import { approvePeriod, startCalculation, startRelease } from "./close";
import { getPeriod, listPeriods } from "./periods";
import { previewPlan, readPlan, savePlan } from "./plan";
import { memberRanks, periodRanks } from "./ranks";
import { periodReport, statementCsv, statementOf } from "./statement";
import { statementPdf } from "./statementPdf";

const STEP_UP =
  "Needs a fresh proof: without `POST /api/stepUp` from this session in the last 5 minutes it answers 403 `step_up_required` and changes nothing.";
const versionAnswers = (what: string) => ({
  409: errorBody.describe(what),
  412: errorBody.describe("The period changed since the version named in If-Match."),
});

/** A statement as a download (the route's schema types its JSON answer only). */
function sendFile(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .type(type)
    .header("content-disposition", `attachment; filename="${name}"`)
    .send(body);
}

/** Commission plans, periods and statements (docs/decisions/commission-plans.md). */
export function registerCommissionRoutes(app: App): void {
  const tags = ["commissions"];
  app.get(
    "/commissionPlan",
    {
      config: { permission: "commissions:view" },
      schema: { tags, response: { 200: commissionPlan } },
    },
    async () => readPlan(app.db),
  );
  app.put(
    "/commissionPlan",
    {
      config: { permission: "commissions:manage" },
      schema: {
        tags,
        description: `The whole plan; it applies to orders completing from now on. ${STEP_UP}`,
        body: commissionPlanInput,
        response: { 200: commissionPlan },
      },
    },
    async (request) => savePlan(app.db, request.admin, request.body, ifMatchOf(request)),
  );
  app.post(
    "/commissionPlan/preview",
    {
      config: { permission: "commissions:view" },
      schema: {
        tags,
        description:
          "What an order of `amount` by the member would pay up their sponsor line now, under `plan` (unsaved) or the plan in force. Writes nothing.",
        body: commissionPreviewInput,
        response: { 200: commissionPreviewRow.array() },
      },
    },
    async (request) => previewPlan(app.db, request.body),
  );
  app.get(
    "/commissionPeriods",
    {
      config: { permission: "commissions:view" },
      schema: { tags, querystring: listQuery, response: { 200: commissionPeriod.array() } },
    },
    async (request, reply) => sendPage(reply, await listPeriods(app.db, request.query)),
  );
  app.get(
    "/commissionPeriods/:id",
    {
      config: { permission: "commissions:view" },
      schema: { tags, params: idParams, response: { 200: commissionPeriod } },
    },
    async (request) => getPeriod(app.db, request.params.id),
  );
  app.get(
    "/commissionPeriods/:id/report",
    {
      config: { permission: "commissions:view" },
      schema: { tags, params: idParams, response: { 200: commissionPeriodReport } },
    },
    async (request) => periodReport(app.db, request.params.id),
  );
  app.get(
    "/commissionPeriods/:id/ranks",
    {
      config: { permission: "commissions:view" },
      schema: {
        tags,
        params: idParams,
        description:
          "The tier changes the period's calculation found under the plan's rank rules; applied at its release (applied_at).",
        response: { 200: rankChange.array() },
      },
    },
    async (request) => periodRanks(app.db, request.params.id),
  );
  app.get(
    "/users/:id/ranks",
    {
      config: { permission: "commissions:view" },
      schema: {
        tags,
        params: idParams,
        description:
          "The member's tier changes at period closes, newest first: their rank history.",
        response: { 200: rankChange.array() },
      },
    },
    async (request) => memberRanks(app.db, request.params.id),
  );
  app.post(
    "/commissionPeriods/:id/calculate",
    {
      config: { permission: "commissions:manage" },
      schema: {
        tags,
        params: idParams,
        description:
          "Closes the period to new orders and calculates its figures in a job (202). An open period, or a calculated one again; earlier periods closed first; not before its orders' holds have ended.",
        response: {
          202: commissionPeriodRun,
          ...versionAnswers(
            "Not open or calculated, running already, an earlier period open, or orders still within their hold.",
          ),
        },
      },
    },
    async (request, reply) => {
      const run = await startCalculation(
        app.db,
        request.admin,
        request.params.id,
        ifMatchOf(request),
      );
      app.jobs.wake();
      return reply.code(202).send(run);
    },
  );
  app.post(
    "/commissionPeriods/:id/approve",
    {
      config: { permission: "commissions:manage" },
      schema: {
        tags,
        params: idParams,
        description: `A calculated period. Above the second-approval amount (General settings) two different people approve: the first's answers 202 (first_approved_by set), the second's approves; the same person again is 409 second_approval_same_person. Those two approvals: ${STEP_UP}`,
        response: {
          200: commissionPeriod,
          202: commissionPeriod,
          ...versionAnswers("Not calculated, or its calculation still running."),
        },
      },
    },
    async (request, reply) => {
      const { period, first } = await approvePeriod(
        app.db,
        request.admin,
        request.params.id,
        ifMatchOf(request),
      );
      return reply.code(first ? 202 : 200).send(period);
    },
  );
  app.post(
    "/commissionPeriods/:id/release",
    {
      config: { permission: "commissions:manage" },
      schema: {
        tags,
        params: idParams,
        description:
          "An approved period: a job credits each member's held amounts to their cash wallet and PV, one transaction per member (202).",
        response: {
          202: commissionPeriodRun,
          ...versionAnswers("Not approved, or its release running already."),
        },
      },
    },
    async (request, reply) => {
      const run = await startRelease(app.db, request.admin, request.params.id, ifMatchOf(request));
      app.jobs.wake();
      return reply.code(202).send(run);
    },
  );
  app.get(
    "/users/:id/statement",
    {
      config: { permission: "commissions:view" },
      schema: {
        tags,
        params: idParams,
        querystring: statementQuery,
        description:
          "The member's commissions in one period: per order and level, held, released, paid at once, reversed, and what they owe. `_format=csv` or `pdf` answers it as a file.",
        response: { 200: z.union([commissionStatement, z.string()]) },
      },
    },
    async (request, reply) => {
      const statement = await statementOf(app.db, request.params.id, request.query.period_id);
      const name = `statement-${statement.username.replace(/[^A-Za-z0-9._-]+/g, "_")}-${statement.period.starts_on}`;
      if (request.query._format === "csv") {
        return sendFile(reply, "text/csv; charset=utf-8", `${name}.csv`, statementCsv(statement));
      }
      if (request.query._format === "pdf") {
        const store = await settingsService.get(app.db, 1);
        const language = languageOfStored(request.admin?.languages);
        const pdf = await statementPdf(statement, store.store_name, language);
        return sendFile(reply, "application/pdf", `${name}.pdf`, pdf);
      }
      return statement;
    },
  );
}
