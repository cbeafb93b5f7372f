import * as contract from "@store/contract";
import { beforeEach, describe, expect, it } from "vitest";
import {
  clearLogin,
  isLoggedIn,
  readAdmin,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_LIFETIME_MS,
  storeLogin,
} from "../src/lib/session";

const admin = {
  status: 200,
  user_id: 1,
  username: "admin",
  email: "admin@store.my",
  f_name: "Store",
  l_name: "Admin",
  contact: "0123",
  DOB: null,
  gender: "Male",
  role: "Admin",
  languages: "English",
  permissions: [],
  group_names: [],
  totp_enabled: false,
  totp_enrolment_required: false,
};

describe("the browser-storage session flags", () => {
  beforeEach(() => localStorage.clear());

  it("keeps the contract's session times (repeated to keep zod out of the first download)", () => {
    expect(SESSION_LIFETIME_MS).toBe(contract.SESSION_LIFETIME_MS);
    expect(SESSION_CHECK_INTERVAL_MS).toBe(contract.SESSION_CHECK_INTERVAL_MS);
  });

  it("stores isAdminLoggedIn, adminData and an expiry 10 hours ahead", () => {
    storeLogin(admin, 1_000);
    expect(localStorage.getItem("isAdminLoggedIn")).toBe("true");
    expect(JSON.parse(localStorage.getItem("adminData") ?? "{}").username).toBe("admin");
    expect(Number(localStorage.getItem("expirationTime"))).toBe(1_000 + SESSION_LIFETIME_MS);
  });

  it("is logged out once the expiry passes", () => {
    storeLogin(admin, 0);
    expect(isLoggedIn(SESSION_LIFETIME_MS - 1)).toBe(true);
    expect(isLoggedIn(SESSION_LIFETIME_MS + 1)).toBe(false);
  });

  it("logging out removes the admin data and the expiry", () => {
    storeLogin(admin);
    clearLogin();
    expect(readAdmin()).toBeNull();
    expect(localStorage.getItem("expirationTime")).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });
});
