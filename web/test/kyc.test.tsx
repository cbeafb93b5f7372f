import type { Kyc, Permission } from "@store/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearLogin } from "../src/lib/session";
import { KycPanel } from "../src/pages/people/KycPanel";
import { signInAs } from "./signedIn";

// Edit User's KYC panel (docs/decisions/kyc.md) against a small fake server:
// the masked number for whoever sees the member, the number in full and the
// identity card's pictures only with kyc:view, the form only with kyc:manage.

interface Call {
  method: string;
  path: string;
  body: unknown;
  ifMatch: string | undefined;
}
let calls: Call[];

const KYC: Kyc = {
  user_id: 7,
  username: "aminah",
  status: "pending",
  id_type: "nric",
  id_masked: "********5678",
  tin: "IG12345678090",
  bank_holder_name: "AMINAH BINTI RAHMAN",
  reason: "",
  documents: { front: true, back: false },
  documents_at: "2026-11-29 10:00:00",
  verified_by: null,
  verified_by_username: null,
  verified_at: null,
  updated_at: "2026-11-29 10:00:00",
  version: 3,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:front" }));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace(/^\/api\//, "");
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const ifMatch = (init.headers as Record<string, string> | undefined)?.["if-match"];
      calls.push({ method, path, body, ifMatch });
      if (path === "users/7/kyc" && method === "GET") return json(KYC);
      if (path === "users/7/kyc" && method === "PUT")
        return json({ ...KYC, ...body, id_masked: KYC.id_masked, version: 4 });
      if (path === "users/7/kyc/identity")
        return json({ user_id: 7, nric: "900101145678", passport: null });
      if (path === "users/7/kyc/documents/front")
        return new Response(new Blob([new Uint8Array([137, 80, 78, 71])]), {
          headers: { "content-type": "image/png" },
        });
      return json({ message: "Not found." }, 404);
    }),
  );
});

afterEach(() => {
  cleanup();
  clearLogin();
  vi.unstubAllGlobals();
});

function open(permissions: Permission[]) {
  signInAs(permissions);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <KycPanel userId={7} />
    </QueryClientProvider>,
  );
  return screen.findByText("********5678");
}

const panel = () => screen.getByRole("region", { name: "KYC" });

/** axe-core's serious and critical findings in the panel (colour is not drawn here). */
async function axeProblems(): Promise<string[]> {
  const result = await axe.run(panel(), {
    resultTypes: ["violations"],
    rules: { "color-contrast": { enabled: false } },
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("a member's KYC panel", () => {
  it("with members:view only: the status and the masked number, no number in full, no pictures, no form", async () => {
    await open(["members:view"]);
    expect(within(panel()).getByText("Pending")).toBeTruthy();
    expect(within(panel()).getByText("IG12345678090")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show in full" })).toBeNull();
    expect(screen.queryByRole("button", { name: "View" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Edit KYC" })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(["users/7/kyc"]);
    expect(await axeProblems()).toEqual([]);
  });

  it("with kyc:view: shows the number in full and the front of the card when asked", async () => {
    await open(["members:view", "kyc:view"]);
    fireEvent.click(screen.getByRole("button", { name: "Show in full" }));
    expect(await screen.findByText("900101145678")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "View" }));
    const picture = (await screen.findByRole("img", {
      name: "Identity card (front)",
    })) as HTMLImageElement;
    expect(picture.src).toBe("blob:front");
    expect(calls.map((c) => c.path)).toEqual([
      "users/7/kyc",
      "users/7/kyc/identity",
      "users/7/kyc/documents/front",
    ]);
  });

  it("with kyc:manage: a labelled form that saves the status from the version shown", async () => {
    await open(["members:view", "kyc:manage"]);
    const form = screen.getByRole("form", { name: "Edit KYC" });
    expect(await axeProblems()).toEqual([]);
    fireEvent.change(within(form).getByLabelText("Status"), { target: { value: "rejected" } });
    fireEvent.change(within(form).getByLabelText("Reason"), {
      target: { value: "The picture is blurred." },
    });
    fireEvent.change(within(form).getByLabelText("NRIC"), { target: { value: "850505-10-1234" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save KYC" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    const put = calls.find((c) => c.method === "PUT");
    expect(put).toMatchObject({
      path: "users/7/kyc",
      ifMatch: '"3"',
      body: {
        status: "rejected",
        reason: "The picture is blurred.",
        nric: "850505-10-1234",
        tin: "IG12345678090",
        bank_holder_name: "AMINAH BINTI RAHMAN",
      },
    });
  });
});
