/**
 * The MyInvois client (docs/decisions/myinvois-client.md) against the
 * MyInvois-shaped test server: login and token reuse, submit and poll, LHDN's
 * errors kept, cancel inside and outside the 72 hours, and which failures are
 * transient. No database.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createMyinvoisClient,
  MYINVOIS_ENVIRONMENTS,
  MyInvoisError,
  type MyinvoisClient,
  type MyinvoisSubmission,
  validationLink,
} from "../src/modules/einvoices/myinvois";
import { type MyinvoisTestServer, startMyinvoisServer } from "./support/myinvoisServer";

let server: MyinvoisTestServer;
let serial = 0;

beforeAll(async () => {
  server = await startMyinvoisServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.setDown(false);
  server.setRateLimited(false);
  server.setDelay(0);
  server.setDropConnections(false);
  server.setPollsBeforeDone(1);
});

function client(overrides: { clientSecret?: string; timeoutMs?: number } = {}): MyinvoisClient {
  return createMyinvoisClient({
    baseUrl: server.url,
    identityUrl: server.url,
    clientId: server.clientId,
    clientSecret: overrides.clientSecret ?? server.clientSecret,
    timeoutMs: overrides.timeoutMs ?? 5_000,
  });
}

/** A distinct small document, as the e-invoice builder would hand it over. */
function documentOf(codeNumber = `INV-${++serial}-${Date.now()}`) {
  const bytes = Buffer.from(
    JSON.stringify({
      _D: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
      id: codeNumber,
    }),
  );
  return { codeNumber, bytes, hash: createHash("sha256").update(bytes).digest("hex") };
}

async function pollUntilDone(api: MyinvoisClient, uid: string): Promise<MyinvoisSubmission> {
  for (let i = 0; i < 10; i++) {
    const answer = await api.submission(uid);
    if (answer.overallStatus !== "in progress") return answer;
  }
  throw new Error("still in progress after 10 polls");
}

async function failureOf(promise: Promise<unknown>): Promise<MyInvoisError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MyInvoisError);
  return error as MyInvoisError;
}

const logins = () => server.requests.filter((r) => r.path === "/connect/token").length;

describe("login", () => {
  it("logs in once with client credentials and reuses the token", async () => {
    const api = client();
    const before = logins();
    const [a, b] = await Promise.all([api.token(), api.token()]);
    expect(a).toBe(b);
    await api.submit([documentOf()]);
    await api.token();
    expect(logins() - before).toBe(1);
    const login = server.requests.filter((r) => r.path === "/connect/token").at(-1)!;
    expect(login.body).toEqual({
      client_id: server.clientId,
      client_secret: server.clientSecret,
      grant_type: "client_credentials",
      scope: "InvoicingAPI",
    });
  });

  it("logs in again once when a call answers 401, and the call goes through", async () => {
    const api = client();
    await api.token();
    const before = logins();
    server.revokeTokens();
    const result = await api.submit([documentOf()]);
    expect(result.accepted).toHaveLength(1);
    expect(logins() - before).toBe(1);
    const submits = server.requests.filter((r) => r.path === "/api/v1.0/documentsubmissions");
    expect(submits.slice(-2).map((r) => r.authorized)).toEqual([true, true]);
  });

  it("refuses wrong credentials as not transient, without the secret in the message", async () => {
    const secret = "wrong-secret-7c1f9a2e";
    const error = await failureOf(client({ clientSecret: secret }).token());
    expect(error).toMatchObject({ status: 400, code: "invalid_client", transient: false });
    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });
});

describe("submit and poll", () => {
  it("submits the base64 bytes with their hash, then polls until Valid with a long id", async () => {
    const api = client();
    const doc = documentOf();
    const result = await api.submit([doc]);
    expect(result.submissionUid).toMatch(/^[A-Z0-9]{26}$/);
    expect(result.rejected).toEqual([]);
    expect(result.accepted).toEqual([{ uuid: expect.any(String), codeNumber: doc.codeNumber }]);
    const sent = server.requests.filter((r) => r.path === "/api/v1.0/documentsubmissions").at(-1)!;
    expect(sent.body).toEqual({
      documents: [
        {
          format: "JSON",
          document: doc.bytes.toString("base64"),
          documentHash: doc.hash,
          codeNumber: doc.codeNumber,
        },
      ],
    });
    const uuid = result.accepted[0]!.uuid;
    expect(server.documents.get(uuid)!.bytes.equals(doc.bytes)).toBe(true);

    const first = await api.submission(result.submissionUid!);
    expect(first.overallStatus).toBe("in progress");
    expect(first.documents[0]).toMatchObject({ uuid, status: "Submitted", longId: null });
    const done = await pollUntilDone(api, result.submissionUid!);
    expect(done.overallStatus).toBe("valid");
    const valid = done.documents[0]!;
    expect(valid).toMatchObject({ uuid, internalId: doc.codeNumber, status: "Valid" });
    expect(valid.longId).toMatch(/^[A-Z0-9]{40}$/);
    expect(Date.parse(valid.dateTimeValidated!)).not.toBeNaN();
    expect(server.submitted(doc.codeNumber)).toHaveLength(1);

    const details = await api.details(uuid);
    expect(details).toMatchObject({ status: "Valid", longId: valid.longId, errors: [] });
  });

  it("keeps LHDN's validation errors of a rejected document", async () => {
    const api = client();
    const bad = documentOf();
    const good = documentOf();
    server.reject(bad.codeNumber, [
      {
        code: "CF364",
        message: "Supplier phone number is invalid",
        target: "$.Invoice[*].AccountingSupplierParty",
      },
      { code: "CF410", message: "Buyer email is required" },
    ]);
    const result = await api.submit([bad, good]);
    const done = await pollUntilDone(api, result.submissionUid!);
    expect(done.overallStatus).toBe("partially valid");
    const invalid = done.documents.find((d) => d.internalId === bad.codeNumber)!;
    expect(invalid).toMatchObject({ status: "Invalid", longId: null });
    const details = await api.details(invalid.uuid);
    expect(details.status).toBe("Invalid");
    expect(details.errors).toEqual([
      {
        code: "CF364",
        message: "Supplier phone number is invalid",
        target: "$.Invoice[*].AccountingSupplierParty",
      },
      { code: "CF410", message: "Buyer email is required" },
    ]);
  });

  it("answers a document whose hash is not its bytes' as rejected, with LHDN's error", async () => {
    const api = client();
    const doc = { ...documentOf(), hash: "0".repeat(64) };
    const result = await api.submit([doc]);
    expect(result.submissionUid).toBeNull();
    expect(result.accepted).toEqual([]);
    expect(result.rejected).toEqual([
      {
        codeNumber: doc.codeNumber,
        error: expect.objectContaining({ code: "BadArgument", target: "documentHash" }),
        errors: [expect.objectContaining({ code: "BadArgument", target: "documentHash" })],
      },
    ]);
    expect(server.submitted(doc.codeNumber)).toEqual([]);
  });

  it("answers a duplicate submission as transient with LHDN's Retry-After", async () => {
    const api = client();
    const doc = documentOf();
    await api.submit([doc]);
    const error = await failureOf(api.submit([doc]));
    expect(error).toMatchObject({ status: 422, code: "DuplicateSubmission", transient: true });
    expect(error.retryAfterSeconds).toBeGreaterThan(500);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(server.submitted(doc.codeNumber)).toHaveLength(1);
  });
});

describe("cancel", () => {
  async function validDocument(api: MyinvoisClient) {
    server.setPollsBeforeDone(0);
    const result = await api.submit([documentOf()]);
    const done = await pollUntilDone(api, result.submissionUid!);
    return done.documents[0]!;
  }

  it("cancels a valid document within 72 hours", async () => {
    const api = client();
    const doc = await validDocument(api);
    server.advanceHours(71);
    await expect(api.cancel(doc.uuid, "Wrong buyer details")).resolves.toEqual({
      uuid: doc.uuid,
      status: "Cancelled",
    });
    const sent = server.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: "PUT",
      path: `/api/v1.0/documents/state/${doc.uuid}/state`,
      body: { status: "cancelled", reason: "Wrong buyer details" },
    });
    expect((await api.details(doc.uuid)).status).toBe("Cancelled");
  });

  it("refuses after 72 hours with OperationPeriodOver, not transient", async () => {
    const api = client();
    const doc = await validDocument(api);
    server.advanceHours(73);
    const error = await failureOf(api.cancel(doc.uuid, "Wrong invoice details"));
    expect(error).toMatchObject({ status: 400, code: "OperationPeriodOver", transient: false });
    expect(server.documents.get(doc.uuid)!.status).toBe("Valid");
  });
});

describe("failures", () => {
  it("answers 503 as transient", async () => {
    const api = client();
    await api.token();
    server.setDown(true);
    const error = await failureOf(api.submission("NOSUCHSUBMISSION"));
    expect(error).toMatchObject({ status: 503, code: "ServiceUnavailable", transient: true });
  });

  it("answers 429 as transient with its Retry-After", async () => {
    const api = client();
    await api.token();
    server.setRateLimited(true);
    const error = await failureOf(api.submit([documentOf()]));
    expect(error).toMatchObject({
      status: 429,
      code: "TooManyRequests",
      transient: true,
      retryAfterSeconds: 1,
    });
  });

  it("answers a refused connection and a dropped one as transient", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = createMyinvoisClient({
      baseUrl: `http://127.0.0.1:${port}`,
      identityUrl: `http://127.0.0.1:${port}`,
      clientId: server.clientId,
      clientSecret: server.clientSecret,
    });
    const error = await failureOf(refused.token());
    expect(error).toMatchObject({ status: 0, code: "NetworkError", transient: true });
    expect(error.message).not.toContain(server.clientSecret);

    const api = client();
    await api.token();
    server.setDropConnections(true);
    await expect(failureOf(api.details("ANY"))).resolves.toMatchObject({
      status: 0,
      transient: true,
    });
  });

  it("gives up on a slow answer after the timeout, as transient", async () => {
    const api = client({ timeoutMs: 200 });
    await api.token();
    server.setDelay(1_000);
    const error = await failureOf(api.details("ANY"));
    expect(error).toMatchObject({ status: 0, code: "Timeout", transient: true });
  });

  it("answers an unknown document as 404 NotFound, not transient", async () => {
    const error = await failureOf(client().details("NOSUCHDOCUMENT"));
    expect(error).toMatchObject({ status: 404, code: "NotFound", transient: false });
  });

  it("never puts the secret or the token in an error", async () => {
    const api = client();
    const token = await api.token();
    const errors: MyInvoisError[] = [];
    server.setDown(true);
    errors.push(await failureOf(api.submit([documentOf()])));
    server.setDown(false);
    server.advanceHours(100);
    errors.push(await failureOf(api.cancel("NOSUCHDOCUMENT", "reason")));
    for (const error of errors) {
      const shown = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`;
      expect(shown).not.toContain(server.clientSecret);
      expect(shown).not.toContain(token);
    }
  });
});

describe("validation link", () => {
  it("is the portal's share link of the uuid and long id, for each environment", () => {
    expect(
      validationLink(
        MYINVOIS_ENVIRONMENTS.sandbox.portalUrl,
        "F9D425P6DS7D8IU",
        "LIJAF97HJJKH8298",
      ),
    ).toBe("https://preprod.myinvois.hasil.gov.my/F9D425P6DS7D8IU/share/LIJAF97HJJKH8298");
    expect(validationLink(`${MYINVOIS_ENVIRONMENTS.production.portalUrl}/`, "A1", "B2")).toBe(
      "https://myinvois.hasil.gov.my/A1/share/B2",
    );
  });
});
