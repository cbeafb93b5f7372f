/**
 * KYC before pay-out (issue 39, docs/decisions/kyc.md) over HTTP on a real
 * database: the NRIC rule, the version and step-up of a save, the gate on a
 * withdrawal's approval, the identity number masked wherever it is listed,
 * and the identity card's pictures behind kyc:view, every view audited.
 */
import { and, count, eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  settings,
  userKyc,
  userKycDocuments,
  userWallets,
  walletLedger,
  withdrawRequests,
} from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertRequest, insertUser } from "./people.fixtures";
import { createStaff, type StaffMember, stepUp } from "./staff.fixtures";
import { multipartImage, pngOf } from "./uploads.fixtures";

let ctx: TestContext;
/** kyc:manage and members:view, never stepped up unless a test does it. */
let manager: StaffMember;
/** members:view only: sees the masked record, never the number or the pictures. */
let viewer: StaffMember;
/** kyc:view: the number in full and the pictures, each read audited. */
let inspector: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await createStaff(ctx, ["kyc:manage", "members:view"]);
  viewer = await createStaff(ctx, ["members:view"]);
  inspector = await createStaff(ctx, ["kyc:view", "members:view"]);
  await stepUp(ctx);
});
afterAll(() => ctx.close());

const NRIC = "900101-14-5678";
const NRIC_DIGITS = "900101145678";
const MASKED = "********5678";

/** inject() as a cookie's person, with If-Match when a version is given. */
function call(
  cookie: string,
  method: string,
  url: string,
  payload?: unknown,
  version?: number,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers: { cookie, ...(version !== undefined && { "if-match": `"${version}"` }) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const asAdmin = (method: string, url: string, payload?: unknown, version?: number) =>
  call(ctx.cookie, method, url, payload, version);

/** What any write would leave behind: an audit row, a KYC row, a picture named. */
async function fingerprint(): Promise<string> {
  const result = await ctx.db.execute<{ print: string }>(sql`
    select concat_ws('|', (select count(*) from audit_log),
      (select md5(coalesce(string_agg(k::text, ',' order by user_id), '')) from user_kyc k),
      (select count(*) from user_kyc_documents)) as print`);
  return result.rows[0]?.print ?? "";
}

async function kycAuditRows(userId: number) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "Kyc"), eq(auditLog.entity_id, String(userId))))
    .orderBy(auditLog.audit_id);
}

async function setKycRule(on: 0 | 1) {
  const stored: Record<string, unknown> = (await asAdmin("GET", "/api/settings/1")).json();
  const res = await asAdmin("PUT", "/api/settings/1", { ...stored, kyc_required: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().kyc_required).toBe(on);
}

async function verify(userId: number) {
  const res = await asAdmin("PUT", `/api/users/${userId}/kyc`, {
    nric: NRIC,
    tin: "IG12345678090",
    bank_holder_name: "AMINAH BINTI RAHMAN",
    status: "verified",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe("a member's KYC", () => {
  it("is status none at version 1 before anyone saves it", async () => {
    const member = await insertUser(ctx.db);
    const res = await call(viewer.cookie, "GET", `/api/users/${member}/kyc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: member,
      status: "none",
      id_type: null,
      id_masked: null,
      documents: { front: false, back: false },
      version: 1,
    });
    expect(res.headers.etag).toBe('"1"');
    expect((await asAdmin("GET", "/api/users/999999/kyc")).statusCode).toBe(404);
  });

  it("saves the NRIC, tax ID, holder name and status, answers and audits the NRIC masked", async () => {
    const member = await insertUser(ctx.db);
    const res = await asAdmin(
      "PUT",
      `/api/users/${member}/kyc`,
      { nric: NRIC, tin: "ig 12345678090", bank_holder_name: "Aminah Rahman", status: "pending" },
      1,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "pending",
      id_type: "nric",
      id_masked: MASKED,
      tin: "IG12345678090",
      bank_holder_name: "Aminah Rahman",
      version: 2,
    });
    expect(res.body).not.toContain(NRIC_DIGITS);
    const [row] = await ctx.db.select().from(userKyc).where(eq(userKyc.user_id, member));
    expect(row?.nric).toBe(NRIC_DIGITS);
    const [audit] = await kycAuditRows(member);
    expect(audit).toMatchObject({ action: "update", after: { nric: MASKED, status: "pending" } });
    expect(JSON.stringify(audit)).not.toContain(NRIC_DIGITS);
    // A passport replaces the NRIC; both at once is 400.
    const both = await asAdmin("PUT", `/api/users/${member}/kyc`, {
      nric: NRIC,
      passport: "A1234567",
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe("kyc_one_identity");
    const passport = await asAdmin("PUT", `/api/users/${member}/kyc`, { passport: "a1234567" });
    expect(passport.json()).toMatchObject({ id_type: "passport", id_masked: "****4567" });
  });

  it("refuses an NRIC that is not 12 digits, has no real date or an unissued place code: 400, nothing written", async () => {
    const member = await insertUser(ctx.db);
    const before = await fingerprint();
    for (const [nric, code] of [
      ["90010114567", "nric_format"],
      ["9001011456789", "nric_format"],
      ["901301-14-5678", "nric_date"],
      ["900230-14-5678", "nric_date"],
      ["010229-14-5678", "nric_date"],
      ["900101-00-5678", "nric_place"],
      ["900101-17-5678", "nric_place"],
      ["900101-70-5678", "nric_place"],
      ["900101-95-5678", "nric_place"],
    ] as const) {
      const res = await asAdmin("PUT", `/api/users/${member}/kyc`, { nric, status: "pending" });
      expect(res.statusCode, nric).toBe(400);
      expect(res.json().code, nric).toBe(code);
      expect(res.json().issues[0].path, nric).toBe("nric");
    }
    expect(await fingerprint()).toBe(before);
  });

  it("verified needs an identity number and the holder's name; rejected needs a reason (400, nothing written)", async () => {
    const member = await insertUser(ctx.db);
    const before = await fingerprint();
    const bare = await asAdmin("PUT", `/api/users/${member}/kyc`, { status: "verified" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: "kyc_incomplete" });
    const noReason = await asAdmin("PUT", `/api/users/${member}/kyc`, { status: "rejected" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0]).toMatchObject({ path: "reason", code: "required" });
    expect(await fingerprint()).toBe(before);
    const rejected = await asAdmin("PUT", `/api/users/${member}/kyc`, {
      status: "rejected",
      reason: "The picture is blurred.",
    });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      reason: "The picture is blurred.",
    });
  });

  it("refuses a save from a stale version with 412, nothing written, the NRIC masked in the answer", async () => {
    const member = await insertUser(ctx.db);
    const first = await asAdmin("PUT", `/api/users/${member}/kyc`, { nric: NRIC }, 1);
    expect(first.statusCode, first.body).toBe(200);
    const again = await asAdmin("PUT", `/api/users/${member}/kyc`, { tin: "IG99999999" }, 2);
    expect(again.statusCode, again.body).toBe(200);
    const before = await fingerprint();
    const stale = await asAdmin("PUT", `/api/users/${member}/kyc`, { nric: "850505-10-1234" }, 2);
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({ code: "stale_version", version: 3 });
    expect(stale.body).not.toContain(NRIC_DIGITS);
    expect(await fingerprint()).toBe(before);
  });

  it("of two racing first saves from version 1, one is saved and the other answers 412", async () => {
    const member = await insertUser(ctx.db);
    const answers = await Promise.all(
      ["IG11111111", "IG22222222"].map((tin) =>
        asAdmin("PUT", `/api/users/${member}/kyc`, { tin }, 1),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 412]);
    const [row] = await ctx.db.select().from(userKyc).where(eq(userKyc.user_id, member));
    const saved = answers.find((res) => res.statusCode === 200)?.json();
    expect(row).toMatchObject({ tin: saved?.tin, version: 2 });
    expect(await kycAuditRows(member)).toHaveLength(1);
  });

  it("a status change needs a fresh step-up (403 step_up_required, nothing written); details of an unverified member need none", async () => {
    const member = await insertUser(ctx.db);
    const before = await fingerprint();
    const refused = await call(manager.cookie, "PUT", `/api/users/${member}/kyc`, {
      nric: NRIC,
      bank_holder_name: "Aminah",
      status: "verified",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("step_up_required");
    expect(await fingerprint()).toBe(before);
    // Not verified, the details change without a step-up.
    const details = await call(manager.cookie, "PUT", `/api/users/${member}/kyc`, {
      nric: NRIC,
      bank_holder_name: "Aminah",
    });
    expect(details.statusCode, details.body).toBe(200);
    await manager.stepUp();
    const verified = await call(manager.cookie, "PUT", `/api/users/${member}/kyc`, {
      status: "verified",
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      status: "verified",
      verified_by: manager.user_id,
      verified_by_username: manager.username,
    });
    expect(verified.json().verified_at).toMatch(/^\d{4}-/);
    // members:view alone may not save.
    const viewerSave = await call(viewer.cookie, "PUT", `/api/users/${member}/kyc`, { tin: "" });
    expect(viewerSave.json()).toMatchObject({ code: "forbidden", permission: "kyc:manage" });
  });
});

describe("the KYC rule on payouts", () => {
  async function memberAsking(amount = "100.00") {
    const owner = await insertUser(ctx.db, {}, { c_wallet_amt: "500.00" });
    return { owner, id: await insertRequest(ctx.db, owner, amount) };
  }
  const approve = (id: number) =>
    asAdmin("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" });

  it("is off by default: an unverified member's request is approved as before", async () => {
    const [stored] = await ctx.db.select({ on: settings.kyc_required }).from(settings);
    expect(stored?.on).toBe(0);
    const { id } = await memberAsking();
    const res = await approve(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ withdraw_status: "completed", kyc_status: "none" });
  });

  it("on: approving an unverified member's request is 409 kyc_required naming them, nothing written; verified, it is paid", async () => {
    await setKycRule(1);
    try {
      const { owner, id } = await memberAsking();
      const [wallet] = await ctx.db
        .select()
        .from(userWallets)
        .where(eq(userWallets.user_id, owner));
      const auditBefore = (await ctx.db.select({ n: count() }).from(auditLog))[0]?.n;
      const refused = await approve(id);
      expect(refused.statusCode).toBe(409);
      const member = (await asAdmin("GET", `/api/users/${owner}`)).json();
      expect(refused.json()).toMatchObject({
        code: "kyc_required",
        params: { name: member.username },
      });
      expect(refused.json().message).toContain(member.username);
      const [request] = await ctx.db
        .select()
        .from(withdrawRequests)
        .where(eq(withdrawRequests.withdraw_id, id));
      expect(request?.withdraw_status).toBe("processing");
      expect(
        await ctx.db
          .select()
          .from(walletLedger)
          .where(and(eq(walletLedger.ref_type, "withdrawal"), eq(walletLedger.ref_id, id))),
      ).toEqual([]);
      const [after] = await ctx.db.select().from(userWallets).where(eq(userWallets.user_id, owner));
      expect(after?.c_wallet_amt).toBe(wallet?.c_wallet_amt);
      expect((await ctx.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(auditBefore);
      // The list shows why.
      const listed = await asAdmin("GET", `/api/withdrawRequest?withdraw_id=${id}`);
      expect(listed.json()).toMatchObject([{ withdraw_id: id, kyc_status: "none" }]);
      // Pending or rejected is not verified either.
      await asAdmin("PUT", `/api/users/${owner}/kyc`, { nric: NRIC, status: "pending" });
      expect((await approve(id)).json().code).toBe("kyc_required");
      await verify(owner);
      const paid = await approve(id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ withdraw_status: "completed", kyc_status: "verified" });
    } finally {
      await stepUp(ctx);
      await setKycRule(0);
    }
  });

  it("switching the rule off loosens a money control: it needs a fresh step-up", async () => {
    await setKycRule(1);
    const clerk = await createStaff(ctx, ["settings:manage"]);
    const stored: Record<string, unknown> = (await asAdmin("GET", "/api/settings/1")).json();
    const refused = await clerk.call("PUT", "/api/settings/1", { ...stored, kyc_required: 0 });
    expect(refused.json().code).toBe("step_up_required");
    await clerk.stepUp();
    const off = await clerk.call("PUT", "/api/settings/1", { ...stored, kyc_required: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().kyc_required).toBe(0);
  });
});

describe("the NRIC masked wherever it is listed", () => {
  it("the users list, its CSV and Excel exports and the audit trail show its last 4 digits only", async () => {
    const member = await insertUser(ctx.db);
    await verify(member);
    const list = await asAdmin("GET", `/api/users?user_id=${member}`);
    expect(list.json()).toMatchObject([
      { user_id: member, kyc_status: "verified", kyc_id: MASKED },
    ]);
    expect(list.body).not.toContain(NRIC_DIGITS);
    const csv = await asAdmin("GET", `/api/users?_format=csv&user_id=${member}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("kyc_id");
    expect(csv.body).toContain(MASKED);
    expect(csv.body).not.toContain(NRIC_DIGITS);
    const sorted = await asAdmin("GET", `/api/users?kyc_status=verified&_sort=kyc_id&_limit=1000`);
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.body).not.toContain(NRIC_DIGITS);
    const trail = await asAdmin("GET", `/api/auditLog?entity=Kyc&entity_id=${member}`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().length).toBeGreaterThan(0);
    expect(trail.body).toContain(MASKED);
    expect(trail.body).not.toContain(NRIC_DIGITS);
    const stored = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where before::text like ${`%${NRIC_DIGITS}%`} or after::text like ${`%${NRIC_DIGITS}%`}`,
    );
    expect(stored.rows[0]?.n).toBe(0);
  });
});

describe("the identity card's pictures and the number in full", () => {
  async function uploadKyc(shade: number, cookie = ctx.cookie) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=kyc",
      ...multipartImage(pngOf(shade), cookie),
    });
    return res;
  }

  it("are uploaded with kind kyc, never served by /uploads, shown only with kyc:view, each view audited", async () => {
    const member = await insertUser(ctx.db);
    await verify(member);
    // Only a holder of kyc:manage uploads one.
    const refused = await uploadKyc(201, viewer.cookie);
    expect(refused.statusCode).toBe(403);
    const front = await uploadKyc(202);
    expect(front.statusCode, front.body).toBe(201);
    const name: string = front.json().file_name;
    expect((await ctx.app.inject({ method: "GET", url: `/uploads/${name}` })).statusCode).toBe(404);
    // A picture that is no kyc upload is refused.
    const product = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=product",
      ...multipartImage(pngOf(203), ctx.cookie),
    });
    const wrong = await asAdmin("PUT", `/api/users/${member}/kyc`, {
      document_back: product.json().file_name,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "kyc_document_unknown" });
    const saved = await asAdmin("PUT", `/api/users/${member}/kyc`, { document_front: name });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ documents: { front: true, back: false } });
    expect(saved.json().documents_at).toMatch(/^\d{4}-/);
    expect(
      await ctx.db.select().from(userKycDocuments).where(eq(userKycDocuments.user_id, member)),
    ).toEqual([{ user_id: member, side: "front", document_image: name }]);

    const before = await fingerprint();
    for (const path of ["documents/front", "identity"]) {
      const res = await call(viewer.cookie, "GET", `/api/users/${member}/kyc/${path}`);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ code: "forbidden", permission: "kyc:view" });
    }
    expect(await fingerprint()).toBe(before);

    const viewsBefore = (await kycAuditRows(member)).filter((r) => r.action === "view").length;
    const picture = await call(inspector.cookie, "GET", `/api/users/${member}/kyc/documents/front`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.headers["cache-control"]).toBe("no-store");
    expect(picture.rawPayload.equals(pngOf(202))).toBe(true);
    const missing = await call(inspector.cookie, "GET", `/api/users/${member}/kyc/documents/back`);
    expect(missing.statusCode).toBe(404);
    const identity = await call(inspector.cookie, "GET", `/api/users/${member}/kyc/identity`);
    expect(identity.json()).toEqual({ user_id: member, nric: NRIC_DIGITS, passport: null });
    await call(inspector.cookie, "GET", `/api/users/${member}/kyc/documents/front`);
    const views = (await kycAuditRows(member)).filter((r) => r.action === "view");
    expect(views.length - viewsBefore).toBe(3);
    expect(
      views.slice(-3).map((r) => [r.actor_id, (r.after as { viewed: string }).viewed]),
    ).toEqual([
      [inspector.user_id, "document_front"],
      [inspector.user_id, "identity"],
      [inspector.user_id, "document_front"],
    ]);
    expect(JSON.stringify(views)).not.toContain(NRIC_DIGITS);
    expect(JSON.stringify(views)).toContain(MASKED);
  });
});
