/**
 * A MyInvois-shaped server for tests (docs/decisions/myinvois-client.md),
 * written from LHDN's published SDK: the taxpayer login, Submit Documents,
 * Get Submission, Get Document Details and Cancel Document, with their
 * documented answers and errors, on 127.0.0.1. Its clock starts at the real
 * time and moves only when a test moves it (advanceHours), so the 72-hour
 * cancel window and token expiry can be crossed in a test.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface MyinvoisServerOptions {
  clientId?: string;
  clientSecret?: string;
  /** Polls of Get Submission that still answer "in progress" (1 by default). */
  pollsBeforeDone?: number;
  /** Token lifetime in seconds (LHDN: 3600). */
  tokenLifetimeSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The JSON or form body, parsed; null when none or unparseable. */
  body: unknown;
  /** Whether an Authorization header came (its value is never kept). */
  authorized: boolean;
  at: Date;
}

export interface ValidationError {
  code: string;
  message: string;
  target?: string;
}

export interface StoredDocument {
  uuid: string;
  submissionUid: string;
  codeNumber: string;
  bytes: Buffer;
  hash: string;
  status: "Submitted" | "Valid" | "Invalid" | "Cancelled";
  longId: string | null;
  receivedAt: Date;
  validatedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  errors: ValidationError[];
}

export interface MyinvoisTestServer {
  /** The base of both the API and the identity service. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Every accepted document by uuid, with its decoded bytes. */
  documents: Map<string, StoredDocument>;
  /** The accepted documents with this code number, oldest first. */
  submitted(codeNumber: string): StoredDocument[];
  /** The next document with this code number turns Invalid with these errors. */
  reject(codeNumber: string, errors: ValidationError[]): void;
  /** Moves the server's clock forward. */
  advanceHours(hours: number): void;
  now(): Date;
  /** Every call answers 503 ServiceUnavailable. */
  setDown(down: boolean): void;
  /** Every call answers 429 TooManyRequests with Retry-After: 1. */
  setRateLimited(limited: boolean): void;
  /** Every answer waits this long first. */
  setDelay(ms: number): void;
  /** Every connection is dropped without an answer. */
  setDropConnections(drop: boolean): void;
  setPollsBeforeDone(polls: number): void;
  /** Tokens issued so far stop working (a 401 on their next use). */
  revokeTokens(): void;
  close(): Promise<void>;
}

/** LHDN's duplicate-submission window (Submit Documents, 422 DuplicateSubmission). */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const CANCEL_WINDOW_MS = 72 * 3_600_000;
const MAX_DOCUMENTS = 100;
const MAX_DOCUMENT_BYTES = 300 * 1024;
const MAX_SUBMISSION_BYTES = 5 * 1024 * 1024;
const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function id(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ID_ALPHABET[b % ID_ALPHABET.length];
  return out;
}

function sha256(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** LHDN's standard Error structure. */
interface LhdnError {
  propertyName: string | null;
  propertyPath: string | null;
  errorCode: string;
  error: string;
  errorMS: string;
  target: string | null;
  innerError: LhdnError[] | null;
}

function lhdnError(
  code: string,
  message: string,
  target?: string,
  inner?: ValidationError[],
): LhdnError {
  return {
    propertyName: target ?? null,
    propertyPath: target ?? null,
    errorCode: code,
    error: message,
    errorMS: message,
    target: target ?? null,
    innerError: inner?.map((e) => lhdnError(e.code, e.message, e.target)) ?? null,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface Submission {
  uid: string;
  receivedAt: Date;
  uuids: string[];
  polls: number;
}

export async function startMyinvoisServer(
  options: MyinvoisServerOptions = {},
): Promise<MyinvoisTestServer> {
  const clientId = options.clientId ?? `client-${id(8)}`;
  const clientSecret = options.clientSecret ?? `secret-${randomBytes(16).toString("hex")}`;
  const tokenLifetime = options.tokenLifetimeSeconds ?? 3600;
  let pollsBeforeDone = options.pollsBeforeDone ?? 1;
  let offsetMs = 0;
  let down = false;
  let rateLimited = false;
  let delayMs = 0;
  let drop = false;
  const now = () => new Date(Date.now() + offsetMs);

  const requests: RecordedRequest[] = [];
  const documents = new Map<string, StoredDocument>();
  const submissions = new Map<string, Submission>();
  const tokens = new Map<string, number>();
  const rejections = new Map<string, ValidationError[]>();
  const recentPayloads: { hash: string; at: number }[] = [];

  function send(
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const text = body === undefined ? "" : JSON.stringify(body);
    res.writeHead(status, {
      ...(text ? { "Content-Type": "application/json; charset=utf-8" } : {}),
      correlationId: id(16),
      ...headers,
    });
    res.end(text);
  }
  const fail = (
    res: ServerResponse,
    status: number,
    code: string,
    message: string,
    target?: string,
  ) => send(res, status, { error: lhdnError(code, message, target) });

  function authorized(req: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    const expires = match ? tokens.get(match[1]!) : undefined;
    return expires !== undefined && now().getTime() < expires;
  }

  function login(res: ServerResponse, form: URLSearchParams) {
    if (form.get("grant_type") !== "client_credentials") {
      return send(res, 400, { error: "unsupported_grant_type" });
    }
    if (form.get("client_id") !== clientId || form.get("client_secret") !== clientSecret) {
      // The SDK's login documents its OAuth errors as 400 Bad Request.
      return send(res, 400, { error: "invalid_client" });
    }
    const token = `${id(24)}.${randomBytes(24).toString("base64url")}`;
    tokens.set(token, now().getTime() + tokenLifetime * 1000);
    send(res, 200, {
      access_token: token,
      token_type: "Bearer",
      expires_in: tokenLifetime,
      scope: form.get("scope") ?? "InvoicingAPI",
    });
  }

  function submit(res: ServerResponse, raw: Buffer, body: unknown) {
    if (raw.length > MAX_SUBMISSION_BYTES) {
      return fail(res, 400, "MaximumSizeExceeded", "The submission is over 5 MB", "documents");
    }
    const list = isObject(body) ? body.documents : undefined;
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_DOCUMENTS) {
      return fail(res, 400, "BadStructure", "documents must hold 1 to 100 documents", "documents");
    }
    const wellFormed = list.every(
      (d) =>
        isObject(d) &&
        (d.format === "JSON" || d.format === "XML") &&
        typeof d.document === "string" &&
        typeof d.documentHash === "string" &&
        typeof d.codeNumber === "string" &&
        d.codeNumber !== "",
    );
    if (!wellFormed) {
      return fail(
        res,
        400,
        "BadStructure",
        "Each document needs format, document, documentHash and codeNumber",
      );
    }
    const at = now().getTime();
    while (recentPayloads.length > 0 && at - recentPayloads[0]!.at >= DUPLICATE_WINDOW_MS) {
      recentPayloads.shift();
    }
    // LHDN compares a hash of the whole payload; a document already accepted in
    // the window counts too, whatever else came with it.
    const payloadHash = sha256(raw);
    const docs = list as {
      format: string;
      document: string;
      documentHash: string;
      codeNumber: string;
    }[];
    const earlier =
      recentPayloads.find((p) => p.hash === payloadHash)?.at ??
      [...documents.values()]
        .filter((d) => d.status !== "Invalid" && at - d.receivedAt.getTime() < DUPLICATE_WINDOW_MS)
        .find((d) => docs.some((x) => x.documentHash.toLowerCase() === d.hash))
        ?.receivedAt.getTime();
    if (earlier !== undefined) {
      const retryAfter = Math.max(1, Math.ceil((earlier + DUPLICATE_WINDOW_MS - at) / 1000));
      return send(
        res,
        422,
        {
          error: lhdnError(
            "DuplicateSubmission",
            "An identical submission was received in the last 10 minutes",
          ),
        },
        { "Retry-After": String(retryAfter) },
      );
    }
    recentPayloads.push({ hash: payloadHash, at });

    const submissionUid = id(26);
    const accepted: { uuid: string; invoiceCodeNumber: string }[] = [];
    const rejected: { invoiceCodeNumber: string; error: LhdnError }[] = [];
    const seen = new Set<string>();
    for (const doc of docs) {
      const refuse = (code: string, message: string, target: string) =>
        rejected.push({
          invoiceCodeNumber: doc.codeNumber,
          error: lhdnError(code, message, target),
        });
      if (seen.has(doc.codeNumber)) {
        refuse("BadArgument", "codeNumber appears twice in this submission", "codeNumber");
        continue;
      }
      seen.add(doc.codeNumber);
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(doc.document) || doc.document.length % 4 !== 0) {
        refuse("BadArgument", "document is not base64", "document");
        continue;
      }
      const bytes = Buffer.from(doc.document, "base64");
      if (bytes.length > MAX_DOCUMENT_BYTES) {
        refuse("MaximumSizeExceeded", "The document is over 300 KB", "document");
        continue;
      }
      const hash = sha256(bytes);
      if (doc.documentHash.toLowerCase() !== hash) {
        refuse("BadArgument", "documentHash is not the SHA-256 of the document", "documentHash");
        continue;
      }
      if (doc.format === "JSON") {
        try {
          JSON.parse(bytes.toString("utf8"));
        } catch {
          refuse("BadStructure", "The document is not JSON", "document");
          continue;
        }
      }
      const uuid = id(26);
      documents.set(uuid, {
        uuid,
        submissionUid,
        codeNumber: doc.codeNumber,
        bytes,
        hash,
        status: "Submitted",
        longId: null,
        receivedAt: new Date(at),
        validatedAt: null,
        cancelledAt: null,
        cancelReason: null,
        errors: [],
      });
      accepted.push({ uuid, invoiceCodeNumber: doc.codeNumber });
    }
    if (accepted.length > 0) {
      submissions.set(submissionUid, {
        uid: submissionUid,
        receivedAt: new Date(at),
        uuids: accepted.map((a) => a.uuid),
        polls: 0,
      });
    }
    send(res, 202, {
      submissionUid: accepted.length > 0 ? submissionUid : null,
      acceptedDocuments: accepted,
      rejectedDocuments: rejected,
    });
  }

  /** Validation ends: Valid with a long id, or Invalid with the errors a test asked for. */
  function finish(doc: StoredDocument) {
    if (doc.status !== "Submitted") return;
    const errors = rejections.get(doc.codeNumber);
    if (errors) {
      rejections.delete(doc.codeNumber);
      doc.status = "Invalid";
      doc.errors = errors;
    } else {
      doc.status = "Valid";
      doc.longId = id(40);
      doc.validatedAt = now();
    }
  }

  const iso = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19)}Z` : null);
  function summary(doc: StoredDocument) {
    return {
      uuid: doc.uuid,
      submissionUid: doc.submissionUid,
      longId: doc.status === "Valid" ? doc.longId : null,
      internalId: doc.codeNumber,
      typeName: "invoice",
      typeVersionName: "1.1",
      dateTimeReceived: iso(doc.receivedAt),
      dateTimeValidated: iso(doc.validatedAt),
      status: doc.status,
      cancelDateTime: iso(doc.cancelledAt),
      documentStatusReason: doc.cancelReason,
    };
  }

  function submission(res: ServerResponse, uid: string) {
    const found = submissions.get(uid);
    if (!found) return fail(res, 404, "NotFound", "No such submission", "submissionUid");
    found.polls += 1;
    const docs = found.uuids.map((u) => documents.get(u)!);
    if (found.polls > pollsBeforeDone) for (const doc of docs) finish(doc);
    const statuses = docs.map((d) => d.status);
    const overallStatus = statuses.includes("Submitted")
      ? "in progress"
      : statuses.every((s) => s === "Invalid")
        ? "invalid"
        : statuses.includes("Invalid")
          ? "partially valid"
          : "valid";
    send(res, 200, {
      submissionUid: uid,
      documentCount: docs.length,
      dateTimeReceived: iso(found.receivedAt),
      overallStatus,
      documentSummary: docs.map(summary),
    });
  }

  function details(res: ServerResponse, uuid: string) {
    const doc = documents.get(uuid);
    if (!doc) return fail(res, 404, "NotFound", "No such document", "uuid");
    const stepStatus =
      doc.status === "Invalid" ? "Invalid" : doc.status === "Submitted" ? "Submitted" : "Valid";
    send(res, 200, {
      ...summary(doc),
      validationResults: {
        status: stepStatus,
        validationSteps: [
          {
            name: "Step01-Structure Validator",
            status: doc.status === "Submitted" ? "Submitted" : "Valid",
          },
          doc.status === "Invalid"
            ? {
                name: "Step02-Core Fields Validator",
                status: "Invalid",
                error: lhdnError("Error02", "Core Fields Validator", undefined, doc.errors),
              }
            : { name: "Step02-Core Fields Validator", status: stepStatus },
        ],
      },
    });
  }

  function cancel(res: ServerResponse, uuid: string, body: unknown) {
    const doc = documents.get(uuid);
    if (!doc) return fail(res, 404, "NotFound", "No such document", "uuid");
    if (!isObject(body) || body.status !== "cancelled") {
      return fail(res, 400, "BadArgument", "status must be cancelled", "status");
    }
    const reason = typeof body.reason === "string" ? body.reason.trim() : "";
    if (reason === "" || reason.length > 300) {
      return fail(res, 400, "BadArgument", "reason is required, up to 300 characters", "reason");
    }
    if (doc.status === "Invalid" || doc.status === "Cancelled") {
      return fail(res, 400, "IncorrectState", `The document is ${doc.status}`);
    }
    if (doc.validatedAt && now().getTime() - doc.validatedAt.getTime() > CANCEL_WINDOW_MS) {
      return fail(res, 400, "OperationPeriodOver", "The time to cancel this document has passed");
    }
    doc.status = "Cancelled";
    doc.cancelledAt = now();
    doc.cancelReason = reason;
    send(res, 200, { uuid, status: "Cancelled" });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: Buffer) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const type = req.headers["content-type"] ?? "";
    let body: unknown = null;
    if (raw.length > 0) {
      const text = raw.toString("utf8");
      if (type.includes("application/x-www-form-urlencoded")) {
        body = Object.fromEntries(new URLSearchParams(text));
      } else {
        try {
          body = JSON.parse(text);
        } catch {
          body = null;
        }
      }
    }
    requests.push({
      method: req.method ?? "",
      path: `${path}${url.search}`,
      body,
      authorized: req.headers.authorization !== undefined,
      at: now(),
    });
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (drop) {
      req.socket.destroy();
      return;
    }
    if (down) return fail(res, 503, "ServiceUnavailable", "The service is unavailable");
    if (rateLimited) {
      return send(
        res,
        429,
        { error: lhdnError("TooManyRequests", "Too many requests") },
        { "Retry-After": "1" },
      );
    }
    if (req.method === "POST" && path === "/connect/token") {
      return login(res, new URLSearchParams(raw.toString("utf8")));
    }
    if (!authorized(req)) return fail(res, 401, "Unauthorized", "The token is missing or expired");
    const route = `${req.method} ${path}`;
    if (route === "POST /api/v1.0/documentsubmissions") {
      if (body === null) return fail(res, 400, "BadStructure", "The body is not JSON");
      return submit(res, raw, body);
    }
    const poll = /^GET \/api\/v1\.0\/documentsubmissions\/([^/]+)$/.exec(route);
    if (poll) return submission(res, decodeURIComponent(poll[1]!));
    const read = /^GET \/api\/v1\.0\/documents\/([^/]+)\/details$/.exec(route);
    if (read) return details(res, decodeURIComponent(read[1]!));
    const state = /^PUT \/api\/v1\.0\/documents\/state\/([^/]+)\/state$/.exec(route);
    if (state) return cancel(res, decodeURIComponent(state[1]!), body);
    fail(res, 404, "NotFound", "No such API");
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        if (!res.headersSent) fail(res, 500, "InternalServerError", String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    documents,
    submitted: (codeNumber) => [...documents.values()].filter((d) => d.codeNumber === codeNumber),
    reject: (codeNumber, errors) => {
      rejections.set(codeNumber, errors);
    },
    advanceHours: (hours) => {
      offsetMs += hours * 3_600_000;
    },
    now,
    setDown: (value) => {
      down = value;
    },
    setRateLimited: (value) => {
      rateLimited = value;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    setDropConnections: (value) => {
      drop = value;
    },
    setPollsBeforeDone: (polls) => {
      pollsBeforeDone = polls;
    },
    revokeTokens: () => {
      tokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
