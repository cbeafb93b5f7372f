import type { Permission } from "@store/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { ADMIN, login, type TestContext } from "./helpers";
import { unique } from "./people.fixtures";

export const STAFF_PASSWORD = "Staff#secret-42";

export interface StaffMember {
  user_id: number;
  username: string;
  email: string;
  password: string;
  /** The session of the login createStaff made. */
  cookie: string;
  /** A fresh login of this person (a session of its own). */
  signIn: () => Promise<string>;
  /** inject() as this person: their first session unless another cookie is given. */
  call: (
    method: string,
    url: string,
    payload?: unknown,
    cookie?: string,
  ) => Promise<LightMyRequestResponse>;
  /** This person's fresh proof (POST /api/stepUp) for a session of theirs. */
  stepUp: (cookie?: string) => Promise<void>;
}

/** The admin gives a fresh proof (POST /api/stepUp), as the web's dialog does before a harmful call. */
export async function stepUp(ctx: TestContext, cookie = ctx.cookie, password = ADMIN.password) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/stepUp",
    headers: { cookie },
    payload: { password },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A Staff member holding one new group of `permissions`, created over HTTP
 * by the admin the way the screens do, and logged in.
 */
export async function createStaff(
  ctx: TestContext,
  permissions: readonly Permission[],
): Promise<StaffMember> {
  const group = await ctx.call("POST", "/api/permissionGroups", {
    name: unique("group"),
    permissions,
  });
  expect(group.statusCode, group.body).toBe(201);
  await stepUp(ctx);
  const name = unique("staff");
  const email = `${name}@example.my`;
  const user = await ctx.call("POST", "/api/users", {
    username: name,
    email,
    f_name: "Siti",
    l_name: "Clerk",
    contact: "0123456789",
    password: STAFF_PASSWORD,
    DOB: "1990-01-01",
    gender: "Female",
    role: "Staff",
    membership: 1,
    referral_of: 0,
    languages: "English",
    currency: "MYR",
    user_status: 1,
    groups: [group.json().group_id],
  });
  expect(user.statusCode, user.body).toBe(201);
  const signIn = () => login(ctx.app, { email, password: STAFF_PASSWORD });
  const cookie = await signIn();
  return {
    user_id: user.json().user_id,
    username: name,
    email,
    password: STAFF_PASSWORD,
    cookie,
    signIn,
    call: (method, url, payload, as = cookie) =>
      ctx.app.inject({
        method: method as "GET",
        url,
        headers: { cookie: as },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    stepUp: (as = cookie) => stepUp(ctx, as, STAFF_PASSWORD),
  };
}

/** Sets the second-approval amount (null: off) as the General tab does. */
export async function setSecondApprovalAbove(ctx: TestContext, above: string | null) {
  const stored: Record<string, unknown> = (await ctx.call("GET", "/api/settings/1")).json();
  const res = await ctx.call("PUT", "/api/settings/1", {
    ...stored,
    payout_second_approval_above: above,
  });
  expect(res.statusCode, res.body).toBe(200);
}
