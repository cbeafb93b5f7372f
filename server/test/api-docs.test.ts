import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { XLSX_MEDIA_TYPE } from "@store/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The API document (/api/docs/json) is what a client generator reads: it must
 * pass Redocly's recommended rules with no error (docs/decisions/api-document.md).
 */
let ctx: TestContext;
let doc: OpenApiDocument;
beforeAll(async () => {
  ctx = await createTestContext();
  const res = await ctx.call("GET", "/api/docs/json");
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => ctx.close());

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: {
    securitySchemes?: Record<string, { type: string; in?: string; name?: string }>;
    schemas?: Record<string, unknown>;
  };
  security?: Record<string, string[]>[];
}

const METHODS = ["get", "put", "post", "delete", "patch"];
/** Writes that take nothing but the session. */
const BODILESS_WRITES = [
  "POST /api/commissionPeriods/{id}/approve",
  "POST /api/commissionPeriods/{id}/calculate",
  "POST /api/commissionPeriods/{id}/release",
  "POST /api/cp58/{year}",
  "POST /api/einvoices/{id}/submit",
  "POST /api/jobs/{id}/cancel",
  "POST /api/jobs/{id}/retry",
  "POST /api/logoutAdmin",
  "POST /api/me/totp",
  "POST /api/messageTemplates/{event}/{language}/test",
  "POST /api/messages/{id}/resend",
  "POST /api/payoutBatches/{id}/release",
  "POST /api/users/{id}/totp/unlock",
  "POST /api/walletLedger/reconcileRuns",
];
function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): [string, string, Operation] => [method, path, op]),
  );
}

describe("the API document", () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: "/api/docs/json",
      config,
    });
    const describe = (p: NormalizedProblem) =>
      `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? "?"}`;
    expect(problems.map(describe)).toEqual([]);
  });

  it("gives every operation a summary, a unique operationId, a tag and its 4xx answers", () => {
    const ids = new Set<string>();
    for (const [method, path, op] of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary, where).toBeTruthy();
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId ?? ""), `${where} repeats ${op.operationId}`).toBe(false);
      ids.add(op.operationId ?? "");
      expect(op.tags?.length, where).toBeGreaterThan(0);
      const codes = Object.keys(op.responses);
      const ok = codes.find((c) => /^2\d\d$/.test(c));
      expect(ok, where).toBeDefined();
      // The answer's schema, unless the answer has no body (204).
      if (ok !== "204") expect(JSON.stringify(op.responses[ok ?? ""]), where).toContain("schema");
      expect(
        codes.some((c) => /^4\d\d$/.test(c)),
        where,
      ).toBe(true);
    }
  });

  it("says what every write takes: a JSON body, or the upload's file as a form", () => {
    const withoutBody = operations()
      .filter(([method, , op]) => (method === "post" || method === "put") && !op.requestBody)
      .map(([method, path]) => `${method.toUpperCase()} ${path}`);
    expect(withoutBody.sort()).toEqual(BODILESS_WRITES);
    const upload = doc.paths["/api/uploads"]?.post?.requestBody as {
      content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
    };
    expect(upload?.content?.["multipart/form-data"]?.schema?.properties?.file).toEqual({
      type: "string",
      format: "binary",
    });
  });

  it("declares ETag on a versioned record's answers, and If-Match and 412 on its writes", () => {
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const headersOf = (op: Operation | undefined, code: string) =>
      Object.keys((op?.responses[code] as { headers?: object })?.headers ?? {});
    const parameters = (op: Operation | undefined) =>
      ((op as { parameters?: { in: string; name: string }[] })?.parameters ?? []).map(
        (p) => `${p.in} ${p.name}`,
      );
    for (const path of ["/api/orders/{id}", "/api/brands/{id}", "/api/settings/{id}"]) {
      expect(headersOf(byPath[`get ${path}`], "200"), path).toContain("ETag");
      expect(parameters(byPath[`put ${path}`]), path).toContain("header if-match");
      expect(Object.keys(byPath[`put ${path}`]?.responses ?? {}), path).toContain("412");
    }
    expect(parameters(byPath["delete /api/users/{id}"])).toContain("header if-match");
    expect(Object.keys(byPath["get /api/orderStatus"]?.responses ?? {})).not.toContain("412");
    expect(headersOf(byPath["get /api/orders"], "200")).not.toContain("ETag");
  });

  it("declares a list's CSV and Excel answers beside its JSON, and _format's choices", () => {
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    for (const path of ["/api/orders", "/api/users", "/api/withdrawRequest", "/api/auditLog"]) {
      const op = byPath[`get ${path}`];
      const ok = op?.responses["200"] as { content?: Record<string, { schema?: unknown }> };
      expect(Object.keys(ok?.content ?? {}), path).toEqual([
        "application/json",
        "text/csv",
        XLSX_MEDIA_TYPE,
      ]);
      expect(ok.content?.[XLSX_MEDIA_TYPE]?.schema).toMatchObject({ format: "binary" });
      const format = (
        (op as { parameters?: { name: string; schema?: { enum?: string[] } }[] }).parameters ?? []
      ).find((p) => p.name === "_format");
      expect(format?.schema?.enum, path).toEqual(["csv", "xlsx"]);
    }
    // A record's answer stays JSON only.
    const one = byPath["get /api/orders/{id}"]?.responses["200"] as { content?: object };
    expect(Object.keys(one?.content ?? {})).not.toContain("text/csv");
  });

  it("declares the session cookie, with login and health public and the rest behind it", () => {
    expect(doc.components?.securitySchemes?.session).toEqual(
      expect.objectContaining({ type: "apiKey", in: "cookie", name: "sid" }),
    );
    expect(doc.security).toEqual([{ session: [] }]);
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    expect(byPath["post /api/login"]?.security).toEqual([]);
    expect(byPath["get /api/health"]?.security).toEqual([]);
    expect(byPath["get /api/products"]?.security).toBeUndefined();
    expect(Object.keys(byPath["get /api/products"]?.responses ?? {})).toContain("401");
  });

  it("names who may call every private operation, and its 403 with the permission", () => {
    for (const [method, path, op] of operations()) {
      if (op.security?.length === 0) continue;
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.description, where).toMatch(/\*\*Who may call:\*\*/);
    }
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const brandWrite = byPath["put /api/brands/{id}"];
    expect(brandWrite?.description).toContain("`catalog:manage`");
    const refused = JSON.stringify(brandWrite?.responses["403"]);
    expect(refused).toContain("permission");
    expect(refused).toContain("forbidden");
    // A list's file needs `export` as well.
    expect(JSON.stringify(byPath["get /api/orders"]?.responses["403"])).toContain("`export`");
    expect(byPath["get /api/me"]?.description).toContain("every signed-in");
  });

  it("documents every API route once, and no two paths differ only in spelling", () => {
    const routes = ctx.app.routeList.filter(
      (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs") && r.method !== "HEAD",
    );
    // Paths that differ only in their parameters' names are one path ({id}).
    const shape = (path: string) => path.replace(/\{\w+\}|:\w+/g, "{}");
    const documented = new Set(operations().map(([m, p]) => `${m.toUpperCase()} ${shape(p)}`));
    for (const r of routes) {
      expect(documented.has(`${r.method} ${shape(r.url)}`), `${r.method} ${r.url}`).toBe(true);
    }
    const shapes = Object.keys(doc.paths).map((p) => shape(p).toLowerCase());
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("declares each list's sorts and filters as the list spec takes them, `q` where it searches", async () => {
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const parameter = (path: string, name: string) =>
      (
        (
          byPath[`get ${path}`] as {
            parameters?: { name: string; schema: Record<string, unknown> }[];
          }
        )?.parameters ?? []
      ).find((p) => p.name === name)?.schema;
    const sorts = parameter("/api/withdrawRequest", "_sort")?.enum as string[];
    expect(sorts).toEqual(expect.arrayContaining(["withdraw_status", "request_at", "username"]));
    expect(sorts).not.toContain("password");
    expect(JSON.stringify(parameter("/api/withdrawRequest", "withdraw_status"))).toContain("array");
    expect(parameter("/api/orders", "total_price_gte")).toMatchObject({ type: "string" });
    expect(String(parameter("/api/orders", "total_price_gte")?.pattern)).toMatch(/\\d/);
    expect(parameter("/api/orders", "created_at_lte")).toMatchObject({ type: "string" });
    expect(parameter("/api/orders", "order_status")).toBeDefined();
    // Text takes no range; JSON fields are neither sorted nor filtered.
    expect(parameter("/api/orders", "username_gte")).toBeUndefined();
    expect(parameter("/api/auditLog", "before")).toBeUndefined();
    expect(parameter("/api/auditLog", "_sort")?.enum).not.toContain("before");
    // Every list is described from its spec, and `q` declared exactly where the list searches.
    for (const [method, path] of operations()) {
      // The reports answer CSV too, but are no lists: no sort, no paging.
      if (
        method !== "get" ||
        !parameter(path, "_format") ||
        path.startsWith("/api/reports/") ||
        path.endsWith("/statement") ||
        // An import's template: a blank form as a file, no list (docs/decisions/imports.md).
        path === "/api/imports/template"
      )
        continue;
      expect(parameter(path, "_sort")?.enum, `${path}: its spec was not found`).toBeDefined();
      const res = await ctx.call("GET", `${path}?q=ab&_page=1&_limit=1`);
      const refused = res.statusCode === 400 && res.json().code === "no_search";
      expect(parameter(path, "q") === undefined, `${path}: q declared ${!refused}`).toBe(refused);
    }
  });

  it("declares a bulk body as one of the list's actions on ids or on a filter, never both", () => {
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const request = byPath["post /api/orders/bulk"]?.requestBody as
      | { content: Record<string, { schema: { anyOf: Record<string, unknown>[] } }> }
      | undefined;
    const body = request?.content["application/json"]?.schema;
    const [byIds, byFilter] = body?.anyOf ?? [];
    expect(byIds).toMatchObject({
      required: ["action", "ids"],
      properties: { action: { enum: ["setStatus"] }, filter: { not: {} } },
    });
    expect(byFilter).toMatchObject({
      required: ["action", "filter"],
      properties: { ids: { not: {} } },
    });
    const filter = (byFilter?.properties as Record<string, Record<string, unknown>> | undefined)
      ?.filter;
    expect(filter).toMatchObject({ additionalProperties: false });
    expect(Object.keys(filter?.properties as object)).toEqual(
      expect.arrayContaining(["order_status", "total_price_gte", "q"]),
    );
  });

  it("names the records under components/schemas and refers to them", () => {
    const schemas = (doc.components as { schemas?: Record<string, unknown> }).schemas ?? {};
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining([
        "Brand",
        "Order",
        "User",
        "WithdrawRequest",
        "Error",
        "StaleVersion",
      ]),
    );
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    expect(JSON.stringify(byPath["get /api/brands/{id}"]?.responses["200"])).toContain(
      '"$ref":"#/components/schemas/Brand"',
    );
    expect(JSON.stringify(byPath["get /api/orders"]?.responses["200"])).toContain(
      '"items":{"$ref":"#/components/schemas/Order"}',
    );
    // Every named schema is used, none is an unused request twin.
    expect(
      Object.keys(schemas).filter(
        (name) =>
          !JSON.stringify(doc.paths).includes(`/${name}"`) &&
          !JSON.stringify(schemas).includes(`/${name}"`),
      ),
    ).toEqual([]);
  });

  it("says money is a decimal string and a time its form, in and out", () => {
    const schemas =
      (doc.components as { schemas?: Record<string, Record<string, unknown>> }).schemas ?? {};
    const order = schemas.Order?.properties as Record<string, Record<string, unknown>>;
    expect(order.total_price).toMatchObject({ type: "string", pattern: "^-?\\d{1,10}\\.\\d{2}$" });
    expect(order.created_at).toMatchObject({
      type: "string",
      pattern: expect.stringContaining(":"),
    });
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const voucher = JSON.stringify(byPath["post /api/vouchers"]?.requestBody);
    const properties = JSON.parse(voucher).content["application/json"].schema.properties;
    expect(properties.discount).toMatchObject({
      type: ["number", "string"],
      pattern: expect.any(String),
    });
    expect(properties.discount_cap).toMatchObject({ pattern: expect.any(String) });
    expect(properties.expired_at).toMatchObject({ type: "string", pattern: expect.any(String) });
  });

  it("declares the answers' headers and refusals: totals, files, cookie, throttling, size, type", () => {
    const byPath = Object.fromEntries(operations().map(([m, p, op]) => [`${m} ${p}`, op]));
    const headers = (key: string, code: string) =>
      Object.keys((byPath[key]?.responses[code] as { headers?: object })?.headers ?? {});
    expect(headers("get /api/orders", "200")).toEqual(
      expect.arrayContaining(["X-Total-Count", "X-Total-Count-Capped", "Content-Disposition"]),
    );
    expect(headers("post /api/login", "200")).toContain("Set-Cookie");
    expect(headers("post /api/login", "429")).toContain("Retry-After");
    expect(headers("put /api/orders/{id}", "412")).toContain("ETag");
    for (const key of ["post /api/brands", "put /api/brands/{id}", "post /api/uploads"]) {
      expect(Object.keys(byPath[key]?.responses ?? {}), key).toEqual(
        expect.arrayContaining(["413", "415"]),
      );
    }
    expect(Object.keys(byPath["get /api/brands"]?.responses ?? {})).not.toContain("415");
  });

  it("stays behind the session: the document and its page answer 401 without one", async () => {
    for (const url of ["/api/docs", "/api/docs/json", "/api/docs/static/index.html"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
