import { grants, PERMISSIONS, permission, permissionLabel } from "@store/contract";
import { describe, expect, it } from "vitest";

describe("the permission catalogue (docs/decisions/permissions.md)", () => {
  it("holds view and manage for each of the fourteen areas, secret keys, export and reports", () => {
    expect(PERMISSIONS).toHaveLength(31);
    expect(PERMISSIONS).toContain("kyc:view");
    expect(PERMISSIONS).toContain("kyc:manage");
    expect(PERMISSIONS).toContain("reports:view");
    expect(PERMISSIONS).toContain("payouts:manage");
    expect(PERMISSIONS).toContain("secrets:manage");
    expect(PERMISSIONS).toContain("export");
    expect(permission.safeParse("payouts:approve").success).toBe(false);
  });

  it("lets manage grant view, and nothing else grant more", () => {
    expect(grants(["catalog:manage"], "catalog:view")).toBe(true);
    expect(grants(["catalog:view"], "catalog:manage")).toBe(false);
    expect(grants(["catalog:manage"], "orders:view")).toBe(false);
    expect(grants(["settings:manage"], "secrets:manage")).toBe(false);
    expect(grants([], "export")).toBe(false);
  });

  it("names each permission in words", () => {
    expect(permissionLabel("payouts:manage")).toBe(
      "Manage: Payouts (withdrawal decisions and reversals)",
    );
    expect(permissionLabel("audit:view")).toBe("View: Audit log and History");
    expect(new Set(PERMISSIONS.map(permissionLabel)).size).toBe(PERMISSIONS.length);
  });
});
