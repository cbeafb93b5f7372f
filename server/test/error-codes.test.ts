import { ERROR_CODES, type ErrorCode } from "@store/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "../src/lib/errors";
import { createTestContext, type TestContext } from "./helpers";
import { insertRequest, insertUser, readWallet } from "./people.fixtures";

/**
 * Every error answer carries a stable code and its params beside the English
 * message (docs/decisions/error-codes.md), over real HTTP on a listening server.
 */
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const address = ctx.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => ctx.close());

async function send(method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: ctx.cookie,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    /** Every error body names its request as the X-Request-Id header does. */
    id: res.headers.get("x-request-id"),
  };
}

/** The names of a code's params, as the contract lists them. */
const paramNames = (code: ErrorCode) => Object.keys(ERROR_CODES[code]).sort();

describe("error answers carry a code and params", () => {
  it("a missing field: required, with the contract's field name", async () => {
    const res = await send("POST", "/api/brands", { brand_name: "" });
    expect(res.status).toBe(400);
    const issue = {
      path: "brand_name",
      message: "Brand name is required.",
      code: "required",
      params: { field: "brand_name" },
    };
    expect(res.body).toEqual({
      message: "Brand name is required.",
      code: "required",
      params: { field: "brand_name" },
      issues: [issue],
      request_id: res.id,
    });
  });

  it("a note too short: too_short with its min; two issues at once: invalid_request with the count", async () => {
    const owner = await insertUser(ctx.db);
    const short = await send("POST", "/api/walletAdjustments", {
      user_id: owner,
      account: "cash_wallet",
      amount: "5.00",
      note: "ab",
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      message: "Note must be at least 3 characters.",
      code: "too_short",
      params: { field: "note", min: 3 },
    });
    const two = await send("POST", "/api/walletAdjustments", {
      user_id: owner,
      account: "cash_wallet",
      amount: "0",
      note: "ab",
    });
    expect(two.status).toBe(400);
    expect(two.body.code).toBe("invalid_request");
    expect(two.body.params).toEqual({ count: 2 });
    expect(two.body.issues).toEqual([
      {
        path: "amount",
        message: "Amount must not be zero.",
        code: "amount_zero",
        params: {},
      },
      {
        path: "note",
        message: "Note must be at least 3 characters.",
        code: "too_short",
        params: { field: "note", min: 3 },
      },
    ]);
  });

  it("a limit of zod's own (no message of ours) is coded from the issue: too_long with max", async () => {
    const res = await send("GET", `/api/brands?q=${"x".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "too_long", params: { field: "q", max: 200 } });
  });

  it("a withdrawal above the cash wallet: a rule's 409 with the figures as params", async () => {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "49.99" });
    const id = await insertRequest(ctx.db, owner, "50.00");
    const res = await send("PUT", `/api/withdrawRequest/${id}`, {
      withdraw_id: id,
      withdraw_status: "completed",
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message:
        "The cash wallet holds RM 49.99, less than the RM 50.00 requested; the request stays processing.",
      code: "withdrawal_above_balance",
      params: { held: "49.99", amount: "50.00" },
      request_id: res.id,
    });
    expect((await readWallet(ctx.db, owner))?.c_wallet_amt).toBe("49.99");
  });

  it("an unknown record, a path that is not the API's, no session: each its code", async () => {
    const missing = await send("GET", "/api/brands/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "record_not_found", params: { record: "Brand" } });
    const unknown = await send("GET", "/api/noSuchCall");
    expect(unknown.body).toEqual({
      message: "Not found.",
      code: "not_found",
      params: {},
      request_id: unknown.id,
    });
    const anonymous = await fetch(`${base}/api/brands`);
    expect(await anonymous.json()).toEqual({
      status: 401,
      message: "Please log in.",
      code: "login_required",
      params: {},
      request_id: anonymous.headers.get("x-request-id"),
    });
  });

  it("answers only codes of the contract's list, each with exactly that code's params", async () => {
    const answers = [
      await send("POST", "/api/brands", {}),
      await send("POST", "/api/vouchers", { voucher_code: "x".repeat(60), discount: "abc" }),
      await send("GET", "/api/brands?_sort=nope"),
      await send("GET", "/api/users?user_id=abc"),
    ];
    for (const { body } of answers) {
      const all = [body, ...((body.issues as Record<string, unknown>[] | undefined) ?? [])];
      for (const one of all) {
        const code = one.code as ErrorCode;
        expect(Object.keys(ERROR_CODES)).toContain(code);
        expect(Object.keys(one.params as object).sort()).toEqual(paramNames(code));
      }
    }
  });

  it("an HttpError takes a code of the list and exactly its params (checked by tsc -p server)", () => {
    // @ts-expect-error: a message alone is no error answer
    new HttpError(400, "Something is wrong.");
    // @ts-expect-error: a code the list does not have
    new HttpError(400, "no_such_code", {}, "Something is wrong.");
    // @ts-expect-error: too_small needs its min
    new HttpError(400, "too_small", { field: "amount" }, "Amount must be at least 1.");
    const made = new HttpError(
      400,
      "too_small",
      { field: "amount", min: 1 },
      "Amount must be at least 1.",
    );
    expect(made.coded).toEqual({ code: "too_small", params: { field: "amount", min: 1 } });
  });
});
