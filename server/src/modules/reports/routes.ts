import {
  couponsReport,
  daysIn,
  membersReport,
  moneyReport,
  productsReport,
  REPORT_MAX_DAYS,
  type REPORT_SCHEMAS,
  type ReportName,
  type ReportQuery,
  regionsReport,
  reportQuery,
  salesReport,
} from "@store/contract";
import type { FastifyReply } from "fastify";
import type { App } from "../../appType";
import type { Db } from "../../db/client";
import { HttpError } from "../../lib/errors";
import { type Asked, settle } from "./days";
import { type ReportFigures, sendReportCsv, sendReportXlsx } from "./reportFile";
import * as service from "./service";

/**
 * GET /api/reports/{sales|products|regions|members|money|coupons}?from&to (issue 26,
 * docs/decisions/reports-rollups.md): `reports:view`; `compare=previous|year`
 * the range compared; `_format=csv|xlsx` answers the series as a file headed in
 * words (and needs `export`, as every list's file does).
 */
export function registerReportRoutes(app: App): void {
  const options = <S extends (typeof REPORT_SCHEMAS)[ReportName]>(schema: S) =>
    ({
      config: { permission: "reports:view" },
      schema: { tags: ["reports"], querystring: reportQuery, response: { 200: schema } },
    }) as const;
  /** The answer, or its series as a file; the roll-ups' zone checked first. */
  async function answer<A extends ReportFigures>(
    name: ReportName,
    query: ReportQuery,
    reply: FastifyReply,
    read: (db: Db, query: Asked) => Promise<A>,
  ): Promise<A | FastifyReply> {
    await service.ensureZone(app.db, app.config.timeZone);
    const asked = settle(query);
    if (asked.from > asked.to || daysIn(asked.from, asked.to) > REPORT_MAX_DAYS)
      throw new HttpError(
        400,
        "report_range",
        { max: REPORT_MAX_DAYS },
        `Choose a range of at most ${REPORT_MAX_DAYS} days, its first day on or before its last.`,
      );
    const report = await read(app.db, asked);
    if (query._format === "csv") return sendReportCsv(reply, name, asked, report);
    if (query._format === "xlsx") return sendReportXlsx(reply, name, asked, report);
    return report;
  }
  app.get("/reports/sales", options(salesReport), async (request, reply) =>
    answer("sales", request.query, reply, service.salesReport),
  );
  app.get("/reports/products", options(productsReport), async (request, reply) =>
    answer("products", request.query, reply, service.productsReport),
  );
  app.get("/reports/regions", options(regionsReport), async (request, reply) =>
    answer("regions", request.query, reply, service.regionsReport),
  );
  app.get("/reports/members", options(membersReport), async (request, reply) =>
    answer("members", request.query, reply, service.membersReport),
  );
  app.get("/reports/money", options(moneyReport), async (request, reply) =>
    answer("money", request.query, reply, service.moneyReport),
  );
  app.get("/reports/coupons", options(couponsReport), async (request, reply) =>
    answer("coupons", request.query, reply, service.couponsReport),
  );
}
