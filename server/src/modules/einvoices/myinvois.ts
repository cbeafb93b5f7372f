/**
 * A small client for LHDN's MyInvois API (docs/decisions/myinvois-client.md):
 * the taxpayer-system login (OAuth client credentials), Submit Documents, Get
 * Submission, Get Document Details and Cancel Document, as LHDN's SDK
 * publishes them. It keeps no state but its token, logs nothing, and turns
 * every failure into one MyInvoisError that says whether a retry may help.
 */

/** The API, identity and portal bases of each MyInvois environment. */
export const MYINVOIS_ENVIRONMENTS = {
  sandbox: {
    baseUrl: "https://preprod-api.myinvois.hasil.gov.my",
    identityUrl: "https://preprod-api.myinvois.hasil.gov.my",
    portalUrl: "https://preprod.myinvois.hasil.gov.my",
  },
  production: {
    baseUrl: "https://api.myinvois.hasil.gov.my",
    identityUrl: "https://api.myinvois.hasil.gov.my",
    portalUrl: "https://myinvois.hasil.gov.my",
  },
} as const;
export type MyinvoisEnvironment = keyof typeof MYINVOIS_ENVIRONMENTS;

/** The public link a valid document's QR code carries. */
export function validationLink(portalBase: string, uuid: string, longId: string): string {
  return `${portalBase.replace(/\/+$/, "")}/${encodeURIComponent(uuid)}/share/${encodeURIComponent(longId)}`;
}

export interface MyinvoisConfig {
  baseUrl: string;
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  /** Tests only: another fetch (the global one otherwise). */
  fetch?: typeof fetch;
  /** Tests only: the clock, in epoch milliseconds, that token expiry is judged by. */
  now?: () => number;
  /** The limit on each call, in milliseconds (30 s by default). */
  timeoutMs?: number;
}

/** One error of LHDN's standard error structure, flattened. */
export interface MyinvoisErrorDetail {
  code: string;
  message: string;
  target?: string;
}

export type MyinvoisDocumentStatus = "Submitted" | "Valid" | "Invalid" | "Cancelled";
export type MyinvoisOverallStatus = "in progress" | "valid" | "partially valid" | "invalid";

export interface MyinvoisSubmitDocument {
  codeNumber: string;
  bytes: Buffer;
  /** SHA-256 of `bytes`, in hex. */
  hash: string;
}

export interface MyinvoisSubmitResult {
  /** Null when LHDN accepted none of the documents. */
  submissionUid: string | null;
  accepted: { uuid: string; codeNumber: string }[];
  /** `error` is LHDN's top-level error; `errors` its inner errors, flattened. */
  rejected: { codeNumber: string; error: MyinvoisErrorDetail; errors: MyinvoisErrorDetail[] }[];
}

export interface MyinvoisSubmissionDocument {
  uuid: string;
  longId: string | null;
  internalId: string;
  status: MyinvoisDocumentStatus;
  dateTimeValidated: string | null;
}

export interface MyinvoisSubmission {
  submissionUid: string;
  overallStatus: MyinvoisOverallStatus;
  documentCount: number;
  dateTimeReceived: string | null;
  documents: MyinvoisSubmissionDocument[];
}

export interface MyinvoisDocumentDetails extends MyinvoisSubmissionDocument {
  submissionUid: string | null;
  /** The validation steps' errors, flattened; empty unless Invalid. */
  errors: MyinvoisErrorDetail[];
}

export interface MyinvoisClient {
  token(): Promise<string>;
  submit(documents: MyinvoisSubmitDocument[]): Promise<MyinvoisSubmitResult>;
  submission(submissionUid: string): Promise<MyinvoisSubmission>;
  details(uuid: string): Promise<MyinvoisDocumentDetails>;
  cancel(uuid: string, reason: string): Promise<{ uuid: string; status: "Cancelled" }>;
}

/**
 * Every failure of a call. `status` is the HTTP status, 0 when no answer came
 * (refused, reset, timed out). `transient` failures may succeed later
 * unchanged (429, 5xx, no answer, a duplicate submission inside LHDN's
 * window); the others need a change first.
 */
export class MyInvoisError extends Error {
  override readonly name = "MyInvoisError";
  readonly status: number;
  readonly code: string;
  readonly details: MyinvoisErrorDetail[];
  readonly retryAfterSeconds?: number;
  readonly transient: boolean;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: MyinvoisErrorDetail[];
    retryAfterSeconds?: number;
    transient?: boolean;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    this.transient = init.transient ?? isTransientStatus(init.status, init.code);
  }
}

function isTransientStatus(status: number, code: string): boolean {
  return (
    status === 0 ||
    status === 408 ||
    status === 429 ||
    status >= 500 ||
    (status === 422 && code === "DuplicateSubmission")
  );
}

/** Renew a token this long before LHDN says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;
/** LHDN's largest page for Get Submission, and its most documents per submission. */
const PAGE_SIZE = 100;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function str(value: Json | undefined): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** LHDN's Error (errorCode, error, propertyPath, innerError[]) as one detail. */
function detailOf(error: JsonObject): MyinvoisErrorDetail {
  const detail: MyinvoisErrorDetail = {
    code: str(error.errorCode) ?? str(error.code) ?? "Error",
    message: str(error.error) ?? str(error.message) ?? str(error.errorMS) ?? "",
  };
  const target = str(error.propertyPath) ?? str(error.target) ?? str(error.propertyName);
  if (target) detail.target = target;
  return detail;
}

/** The innermost errors of an Error tree: what the person has to correct. */
export function flattenErrors(error: Json | undefined): MyinvoisErrorDetail[] {
  if (Array.isArray(error)) return error.flatMap((e) => flattenErrors(e));
  if (!isObject(error)) return [];
  const inner = Array.isArray(error.innerError) ? error.innerError.flatMap(flattenErrors) : [];
  return inner.length > 0 ? inner : [detailOf(error)];
}

const DOCUMENT_STATUSES: Record<string, MyinvoisDocumentStatus> = {
  submitted: "Submitted",
  valid: "Valid",
  invalid: "Invalid",
  cancelled: "Cancelled",
  canceled: "Cancelled",
};
const OVERALL_STATUSES: Record<string, MyinvoisOverallStatus> = {
  inprogress: "in progress",
  valid: "valid",
  partiallyvalid: "partially valid",
  invalid: "invalid",
};

function badResponse(what: string): MyInvoisError {
  return new MyInvoisError({
    status: 200,
    code: "BadResponse",
    message: `MyInvois answered ${what}`,
    transient: false,
  });
}

function documentStatus(value: Json | undefined): MyinvoisDocumentStatus {
  const status = DOCUMENT_STATUSES[String(value ?? "").toLowerCase()];
  if (!status) throw badResponse(`an unknown document status ${JSON.stringify(value)}`);
  return status;
}

function documentOf(row: Json): MyinvoisSubmissionDocument {
  if (!isObject(row) || !str(row.uuid)) throw badResponse("a document without a uuid");
  return {
    uuid: str(row.uuid)!,
    longId: str(row.longId),
    internalId: str(row.internalId) ?? "",
    status: documentStatus(row.status),
    dateTimeValidated: str(row.dateTimeValidated),
  };
}

/** Retry-After as seconds, or as an HTTP date (RFC 9110). */
function retryAfterOf(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function createMyinvoisClient(config: MyinvoisConfig): MyinvoisClient {
  const { clientId, clientSecret } = config;
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const identityUrl = config.identityUrl.replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  /** What LHDN or the network said, without the secret or a token in it. */
  function redact(text: string): string {
    let out = text;
    for (const secret of [clientSecret, cached?.token]) {
      if (secret && secret.length >= 4) out = out.split(secret).join("***");
    }
    return out;
  }

  async function send(
    method: string,
    url: string,
    init: { headers: Record<string, string>; body?: string },
  ): Promise<{ response: Response; body: Json | undefined }> {
    const label = `${method} ${new URL(url).pathname}`;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers: { Accept: "application/json", ...init.headers },
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new MyInvoisError({
        status: 0,
        code: timedOut ? "Timeout" : "NetworkError",
        message: redact(
          timedOut
            ? `MyInvois ${label}: no answer within ${timeoutMs} ms`
            : `MyInvois ${label}: ${reason}`,
        ),
      });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new MyInvoisError({
        status: 0,
        code: "NetworkError",
        message: `MyInvois ${label}: the answer broke off`,
      });
    }
    let body: Json | undefined;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text) as Json;
      } catch {
        body = undefined;
      }
    }
    if (!response.ok) throw errorOf(label, response, body);
    return { response, body };
  }

  function errorOf(label: string, response: Response, body: Json | undefined): MyInvoisError {
    const status = response.status;
    let code = response.statusText.replace(/\s+/g, "") || `Http${status}`;
    let message = "";
    let details: MyinvoisErrorDetail[] = [];
    const error = isObject(body) ? body.error : undefined;
    if (isObject(error)) {
      // LHDN's standard error response: { error: { errorCode, error, innerError } }.
      const top = detailOf(error);
      code = top.code;
      message = top.message;
      details = flattenErrors(error);
    } else if (typeof error === "string" && isObject(body)) {
      // The identity service's OAuth answer: { error, error_description }.
      code = error;
      message = str(body.error_description) ?? "";
    }
    return new MyInvoisError({
      status,
      code,
      message: redact(`MyInvois ${label}: ${status} ${code}${message ? `: ${message}` : ""}`),
      details: details.map((d) => ({ ...d, message: redact(d.message) })),
      retryAfterSeconds: retryAfterOf(response.headers.get("retry-after"), now()),
    });
  }

  async function login(): Promise<string> {
    const { body } = await send("POST", `${identityUrl}/connect/token`, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: "client_credentials",
        scope: "InvoicingAPI",
      }).toString(),
    });
    const token = isObject(body) ? str(body.access_token) : null;
    if (!token || !isObject(body)) throw badResponse("a login without an access token");
    const lifetimeMs = (typeof body.expires_in === "number" ? body.expires_in : 3600) * 1000;
    // A short-lived token is kept for half its life, a normal one until a minute before.
    const margin = Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2);
    cached = { token, renewAt: now() + lifetimeMs - margin };
    return token;
  }

  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    // Calls that need a token at once share one login (LHDN limits logins to 12 a minute).
    pending ??= login().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** An API call with the token; a 401 renews the token once and tries again. */
  async function call(
    method: string,
    path: string,
    json?: JsonObject,
  ): Promise<{ response: Response; body: Json | undefined }> {
    const headers: Record<string, string> = {};
    if (json) headers["Content-Type"] = "application/json";
    const body = json ? JSON.stringify(json) : undefined;
    const bearer = await token();
    try {
      return await send(method, `${baseUrl}${path}`, {
        headers: { ...headers, Authorization: `Bearer ${bearer}` },
        body,
      });
    } catch (error) {
      if (!(error instanceof MyInvoisError) || error.status !== 401) throw error;
      // Expired or revoked before its time: one new login, one more try.
      if (cached?.token === bearer) cached = null;
      const renewed = await token();
      return send(method, `${baseUrl}${path}`, {
        headers: { ...headers, Authorization: `Bearer ${renewed}` },
        body,
      });
    }
  }

  return {
    token,

    async submit(documents) {
      const { body } = await call("POST", "/api/v1.0/documentsubmissions", {
        documents: documents.map((d) => ({
          format: "JSON",
          document: d.bytes.toString("base64"),
          documentHash: d.hash,
          codeNumber: d.codeNumber,
        })),
      });
      if (!isObject(body)) throw badResponse("a submission without a body");
      const accepted = Array.isArray(body.acceptedDocuments) ? body.acceptedDocuments : [];
      const rejected = Array.isArray(body.rejectedDocuments) ? body.rejectedDocuments : [];
      return {
        submissionUid: str(body.submissionUid) ?? str(body.submissionUID),
        accepted: accepted.filter(isObject).map((a) => ({
          uuid: str(a.uuid) ?? "",
          codeNumber: str(a.invoiceCodeNumber) ?? str(a.codeNumber) ?? "",
        })),
        rejected: rejected.filter(isObject).map((r) => {
          const error = isObject(r.error) ? r.error : {};
          return {
            codeNumber: str(r.invoiceCodeNumber) ?? str(r.codeNumber) ?? "",
            error: detailOf(error),
            errors: flattenErrors(error),
          };
        }),
      };
    },

    async submission(submissionUid) {
      const { body } = await call(
        "GET",
        `/api/v1.0/documentsubmissions/${encodeURIComponent(submissionUid)}?pageNo=1&pageSize=${PAGE_SIZE}`,
      );
      if (!isObject(body)) throw badResponse("a submission without a body");
      // The SDK writes "in progress"; the service has been seen to answer "InProgress".
      const key = String(body.overallStatus ?? "")
        .toLowerCase()
        .replace(/[\s_-]+/g, "");
      const overallStatus = OVERALL_STATUSES[key];
      if (!overallStatus) throw badResponse(`an unknown overall status ${body.overallStatus}`);
      const rows = Array.isArray(body.documentSummary) ? body.documentSummary : [];
      return {
        submissionUid: str(body.submissionUid) ?? submissionUid,
        overallStatus,
        documentCount: typeof body.documentCount === "number" ? body.documentCount : rows.length,
        dateTimeReceived: str(body.dateTimeReceived),
        documents: rows.map(documentOf),
      };
    },

    async details(uuid) {
      const { body } = await call("GET", `/api/v1.0/documents/${encodeURIComponent(uuid)}/details`);
      if (!isObject(body)) throw badResponse("document details without a body");
      const results = isObject(body.validationResults) ? body.validationResults : {};
      const steps = Array.isArray(results.validationSteps) ? results.validationSteps : [];
      const errors = steps
        .filter(isObject)
        .filter((s) => String(s.status ?? "").toLowerCase() === "invalid" || isObject(s.error))
        .flatMap((s) => flattenErrors(s.error));
      return { ...documentOf(body), submissionUid: str(body.submissionUid), errors };
    },

    async cancel(uuid, reason) {
      const { body } = await call(
        "PUT",
        `/api/v1.0/documents/state/${encodeURIComponent(uuid)}/state`,
        { status: "cancelled", reason },
      );
      const answered = isObject(body) ? str(body.uuid) : null;
      return { uuid: answered ?? uuid, status: "Cancelled" };
    },
  };
}
