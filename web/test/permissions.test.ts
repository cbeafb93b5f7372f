import * as contract from "@store/contract";
import { describe, expect, it } from "vitest";
import { grants } from "../src/lib/permissions";

describe("the web's permission check", () => {
  it("agrees with the contract's for every held and needed permission", () => {
    for (const held of contract.PERMISSIONS)
      for (const needed of contract.PERMISSIONS)
        expect(grants([held], needed), `${held} → ${needed}`).toBe(contract.grants([held], needed));
    expect(grants(["catalog:manage"], "catalog:view")).toBe(true);
    expect(grants(["catalog:view"], "catalog:manage")).toBe(false);
  });
});
