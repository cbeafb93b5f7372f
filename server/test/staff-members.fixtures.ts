import type { Permission } from "@store/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { hashPassword } from "../src/auth/password";
import { userGroups } from "../src/db/schema";
import { login, type TestContext } from "./helpers";
import { insertUser, unique } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

const PASSWORD = "Finance#secret-42";

export interface Person {
  user_id: number;
  username: string;
  email: string;
  password: string;
  /** A fresh login of this person (a session of its own). */
  signIn: () => Promise<string>;
  call: (
    method: string,
    url: string,
    payload?: unknown,
    cookie?: string,
  ) => Promise<LightMyRequestResponse>;
  cookie: string;
  stepUp: (cookie?: string) => Promise<void>;
}

/**
 * A Staff member in a new group of `permissions`, logged in. Written to the
 * database directly: what is tested here is what the person may do, not how
 * the account was made (staff-users' tests cover POST /api/users).
 */
export async function staffMember(
  ctx: TestContext,
  permissions: readonly Permission[],
): Promise<Person> {
  const group = await ctx.call("POST", "/api/permissionGroups", {
    name: unique("group"),
    permissions,
  });
  expect(group.statusCode, group.body).toBe(201);
  const username = unique("finance");
  const email = `${username}@example.my`;
  const user_id = await insertUser(
    ctx.db,
    { username, email, role: "Staff", password_hash: await hashPassword(PASSWORD) },
    false,
  );
  await ctx.db.insert(userGroups).values({ user_id, group_id: group.json().group_id });
  const signIn = () => login(ctx.app, { email, password: PASSWORD });
  const cookie = await signIn();
  return {
    user_id,
    username,
    email,
    password: PASSWORD,
    signIn,
    cookie,
    call: (method, url, payload, as = cookie) =>
      ctx.app.inject({
        method: method as "GET",
        url,
        headers: { cookie: as },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    stepUp: (as = cookie) => stepUp(ctx, as, PASSWORD),
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
