import { grants, withholdingQuery, withholdingReport } from "@store/contract";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { App } from "../../appType";
import { languageOfStored } from "../../lib/labels";
import { ensureZone } from "../reports/service";
import { settingsService } from "../settings/service";
import {
  withholdingReport as readReport,
  withholdingCsv,
  withholdingPdf,
} from "./withholdingReport";

/** A file download (the route's schema types its JSON answer only). */
function sendFile(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .type(type)
    .header("content-disposition", `attachment; filename="${name}"`)
    .send(body);
}

/**
 * GET /api/reports/withholding?month=YYYY-MM (docs/decisions/withholding.md):
 * `payouts:view`, the permission of the payouts the amounts were withheld
 * from (each request shows its own); `_format=csv|pdf` answers it as a file
 * (and needs `export`, as every file does).
 */
export function registerWithholdingRoutes(app: App): void {
  app.get(
    "/reports/withholding",
    {
      config: { permission: "payouts:view" },
      schema: {
        tags: ["reports"],
        querystring: withholdingQuery,
        description:
          "The s.107D remittance of one month: per member, what was withheld from their payouts less what was given back, with the name, NRIC (masked to its last 4 characters; in full with `kyc:view`, each audited) and TIN; the month's total. `_format=csv` or `pdf` answers it as a file.",
        response: { 200: z.union([withholdingReport, z.string()]) },
      },
    },
    async (request, reply) => {
      await ensureZone(app.db, app.config.timeZone);
      const { month, _format } = request.query;
      const full = grants(request.admin.permissions, "kyc:view");
      const report = await readReport(app.db, request.admin, month, full);
      const name = `withholding-${month}`;
      if (_format === "csv") {
        return sendFile(reply, "text/csv; charset=utf-8", `${name}.csv`, withholdingCsv(report));
      }
      if (_format === "pdf") {
        const store = await settingsService.get(app.db, 1);
        const pdf = await withholdingPdf(
          report,
          store.store_name,
          languageOfStored(request.admin.languages),
        );
        return sendFile(reply, "application/pdf", `${name}.pdf`, pdf);
      }
      return report;
    },
  );
}
