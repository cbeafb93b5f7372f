import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, setStepUpHandler, setUnauthorizedHandler } from "../src/api/client";

/**
 * The API client's step-up (docs/decisions/two-step-login.md): a 403
 * step_up_required asks the one dialog, once for every call refused meanwhile,
 * and sends each refused call again once; a cancel rejects with the refusal.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(null);
  setUnauthorizedHandler(() => {});
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const refused = () =>
  json({ message: "Confirm it is you.", code: "step_up_required", params: {} }, 403);

/** fetch answering by path: a queue of answers per `/api/<path>`. */
function stubFetch(answers: Record<string, (() => Response)[]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      const next = answers[url]?.shift();
      if (!next) throw new Error(`unexpected call ${url}`);
      return next();
    }),
  );
  return calls;
}

describe("a call refused for want of a fresh proof", () => {
  it("asks once for two refused calls, then sends each again once", async () => {
    // The second refusal, noted once the client has read it (and so joined the question).
    let secondRead = false;
    const noted = () => {
      const answer = refused();
      const read = answer.json.bind(answer);
      answer.json = async () => {
        const body = await read();
        secondRead = true;
        return body;
      };
      return answer;
    };
    const calls = stubFetch({
      "/api/paymentMethods/1": [refused, () => json({ saved: 1 })],
      "/api/users": [noted, () => json({ saved: 2 })],
    });
    let release: (confirmed: boolean) => void = () => {};
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    setStepUpHandler(ask);

    const first = api.put("paymentMethods/1", { secret_key: "sk" });
    await vi.waitFor(() => expect(ask).toHaveBeenCalled());
    const second = api.post("users", { role: "Admin" });
    await vi.waitFor(() => expect(secondRead).toBe(true));
    release(true);
    expect(await first).toEqual({ saved: 1 });
    expect(await second).toEqual({ saved: 2 });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      "PUT /api/paymentMethods/1",
      "POST /api/users",
      "PUT /api/paymentMethods/1",
      "POST /api/users",
    ]);
  });

  it("rejects with the refusal, marked as said, when the person cancels; nothing is sent again", async () => {
    const calls = stubFetch({ "/api/me/totp": [refused] });
    setStepUpHandler(async () => false);
    const error = await api.delete("me/totp").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("step_up_required");
    expect((error as ApiError).shownOnFields).toBe(true);
    expect(calls).toEqual(["DELETE /api/me/totp"]);
  });

  it("sends a call again only once: a second refusal is the answer", async () => {
    stubFetch({ "/api/paymentMethods/1": [refused, refused] });
    const ask = vi.fn(async () => true);
    setStepUpHandler(ask);
    const error = await api.put("paymentMethods/1", {}).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe("step_up_required");
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("does not end the session on a wrong proof (401), only on a session that is gone", async () => {
    stubFetch({
      "/api/stepUp": [
        () => json({ status: 401, message: "Invalid Password.", code: "invalid_password" }, 401),
        () => json({ status: 401, message: "Please log in.", code: "login_required" }, 401),
      ],
    });
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    await api.post("stepUp", { password: "x" }).catch(() => undefined);
    expect(ended).not.toHaveBeenCalled();
    await api.post("stepUp", { password: "x" }).catch(() => undefined);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
