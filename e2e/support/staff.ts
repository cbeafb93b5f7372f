import type { APIRequestContext } from "@playwright/test";
import type { Permission } from "@store/contract";
import { ADMIN, expect } from "./browser";

/** A back-office person a test makes: the login it will type. */
export interface Person {
  username: string;
  email: string;
  password: string;
  /** The name the top bar shows: "Staff Member" unless given. */
  f_name?: string;
  l_name?: string;
}

/** A fresh proof for the harmful calls that follow (POST /api/stepUp), as the dialog gives it. */
export async function stepUp(api: APIRequestContext, password = ADMIN.password): Promise<void> {
  const proof = await api.post("/api/stepUp", { data: { password } });
  expect(proof.status(), await proof.text()).toBe(200);
}

/**
 * Rejects a withdrawal request a test left first-approved, so the store the
 * next files share holds no request awaiting a second approval (its row is
 * wider, its actions differ).
 */
export async function rejectWithdrawal(api: APIRequestContext, withdrawId: number): Promise<void> {
  const open = (await (
    await api.get("/api/withdrawRequest?withdraw_status=processing")
  ).json()) as { withdraw_id: number; version: number }[];
  const request = open.find((r) => r.withdraw_id === withdrawId);
  if (!request) return;
  const rejected = await api.put(`/api/withdrawRequest/${withdrawId}`, {
    data: { withdraw_status: "rejected" },
    headers: { "If-Match": `"${request.version}"` },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
}

/** A permission group, made over the API as the /roles form makes it. */
export async function createGroup(
  api: APIRequestContext,
  name: string,
  permissions: readonly Permission[],
): Promise<number> {
  const group = await api.post("/api/permissionGroups", { data: { name, permissions } });
  expect(group.status(), await group.text()).toBe(201);
  return ((await group.json()) as { group_id: number }).group_id;
}

/**
 * A Staff account in `groups`, made over the API by the admin whose request
 * context `api` is, after the fresh proof that creating one needs.
 */
export async function createStaffAccount(
  api: APIRequestContext,
  person: Person,
  groups: readonly number[] = [],
): Promise<number> {
  await stepUp(api);
  const created = await api.post("/api/users", {
    data: {
      username: person.username,
      email: person.email,
      password: person.password,
      f_name: person.f_name ?? "Staff",
      l_name: person.l_name ?? "Member",
      contact: "0123456789",
      DOB: "1990-01-01",
      gender: "Female",
      role: "Staff",
      membership: 1,
      referral_of: 0,
      languages: "English",
      currency: "MYR",
      user_status: 1,
      groups,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { user_id: number }).user_id;
}
