import { BlockList, isIPv4, isIPv6 } from "node:net";
import path from "node:path";
import {
  PASSWORD_MIN_LENGTH,
  PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH,
  passwordProblem,
} from "@store/contract";
import { SERVER_ROOT } from "./serverRoot";

/** Environment configuration (docs/REQUIREMENTS.md section 11), read once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string;
  adminFromEnv: boolean;
  seedDemo: boolean;
  /** SEED_DEMO_ORDERS: the demo store at this many orders instead of the small one. */
  seedDemoOrders: number | undefined;
  timeZone: string;
  production: boolean;
  webDist: string;
  /** Whose X-Forwarded-For to believe (TRUST_PROXY): nobody by default. */
  trustProxy: TrustProxy;
  /**
   * PUBLIC_URL: the origins the store is reached at; unset, the loopback names
   * (and HOST's own address) at the port it listens on (lib/edge.ts).
   */
  publicOrigins: string[] | undefined;
  /** REQUEST_TIMEOUT_SECONDS: a request must arrive in full within this (408 after). */
  requestTimeoutMs: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections one client address may hold. */
  maxConnectionsPerAddress: number;
  /** BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP: scheduled backups, off without a folder. */
  backups: BackupSchedule | undefined;
  /** BACKUP_SIGNING_KEY: signs every archive's manifest, and a restore checks it (backup/signature.ts). */
  backupSigningKey: string | undefined;
  /** METRICS_ALLOW: who may read /metrics by address (lib/metrics.ts); loopback by default. */
  metricsAllow: BlockList;
  /** METRICS_TOKEN: a bearer token that reads /metrics from any address; unset, none does. */
  metricsToken: string | undefined;
  /** SHUTDOWN_GRACE_SECONDS: how long requests in flight may finish after SIGTERM (main.ts). */
  shutdownGraceMs: number;
  /** S3_*: images' bytes in an S3-compatible bucket; undefined keeps them in the database. */
  s3: S3Settings | undefined;
  /** SMTP_URL, MAIL_FROM: where messages are sent (modules/messages); unset, they wait queued. */
  mail: MailConfig | undefined;
}

/** The mail server messages go through and who they are from. */
export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's URL form). */
  url: string;
  /** "Store name <no-reply@store.my>". */
  from: string;
}

/** Where images' bytes go when S3_BUCKET is set (modules/uploads/storage.ts). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: another S3-compatible service (MinIO, R2, ...); unset for AWS. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_FORCE_PATH_STYLE=1: bucket in the path, as most self-hosted services want. */
  forcePathStyle: boolean;
}

/** Scheduled backups (backup/schedule.ts): where, every how many hours, how many kept. */
export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

/** Fastify's trustProxy: off, the proxies' addresses, or a hop test. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export const DEMO_ADMIN_EMAIL = "admin@store.my";
export const DEMO_ADMIN_PASSWORD = "Admin@12345";

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "127.0.0.1",
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl,
    adminEmail: env.ADMIN_EMAIL || DEMO_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD || DEMO_ADMIN_PASSWORD,
    adminFromEnv: Boolean(env.ADMIN_EMAIL && env.ADMIN_PASSWORD),
    // Asking for a store of n orders asks for the demo seed, unless SEED_DEMO=0 says no.
    seedDemo: (env.SEED_DEMO ?? (databaseUrl && !env.SEED_DEMO_ORDERS ? "0" : "1")) === "1",
    seedDemoOrders: readSeedDemoOrders(env.SEED_DEMO_ORDERS),
    timeZone: env.TZ || "Asia/Kuala_Lumpur",
    production: env.NODE_ENV === "production",
    // WEB_DIST: another build of the web app (tests build to private folders).
    webDist: path.resolve(env.WEB_DIST ?? path.join(SERVER_ROOT, "../web/dist")),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    publicOrigins: readPublicUrl(env.PUBLIC_URL),
    requestTimeoutMs: readRequestTimeout(env.REQUEST_TIMEOUT_SECONDS),
    maxConnectionsPerAddress: readMaxConnections(env.MAX_CONNECTIONS_PER_ADDRESS),
    backups: readBackupSchedule(env),
    backupSigningKey: readBackupSigningKey(env.BACKUP_SIGNING_KEY),
    metricsAllow: readMetricsAllow(env.METRICS_ALLOW),
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    shutdownGraceMs: readShutdownGrace(env.SHUTDOWN_GRACE_SECONDS),
    s3: readS3(env),
    mail: readMail(env),
  };
}

/**
 * BACKUP_DIR (a folder; unset or empty: no scheduled backups), BACKUP_EVERY
 * (hours, default 24, 0.25 to 720) and BACKUP_KEEP (archives kept, default 7,
 * at least 1) (README).
 */
export function readBackupSchedule(env: NodeJS.ProcessEnv): BackupSchedule | undefined {
  const dir = (env.BACKUP_DIR ?? "").trim();
  if (!dir) return undefined;
  const every = (env.BACKUP_EVERY ?? "").trim();
  const everyHours = every === "" ? 24 : Number(every);
  if (!/^\d+(\.\d+)?$/.test(every || "24") || everyHours < 0.25 || everyHours > 720) {
    throw new Error(
      `BACKUP_EVERY must be a number of hours from 0.25 to 720 (e.g. 24), not "${env.BACKUP_EVERY}".`,
    );
  }
  const keepText = (env.BACKUP_KEEP ?? "").trim();
  if (keepText !== "" && (!/^\d+$/.test(keepText) || Number(keepText) < 1)) {
    throw new Error(
      `BACKUP_KEEP must be a whole number of archives, at least 1 (e.g. 7), not "${env.BACKUP_KEEP}".`,
    );
  }
  return { dir: path.resolve(dir), everyHours, keep: keepText === "" ? 7 : Number(keepText) };
}

/**
 * BACKUP_SIGNING_KEY (README): at least 32 characters, e.g. `openssl rand
 * -hex 32`. Unset or empty: archives are written unsigned.
 */
export function readBackupSigningKey(value: string | undefined): string | undefined {
  const key = (value ?? "").trim();
  if (!key) return undefined;
  if (key.length < 32)
    throw new Error(
      "BACKUP_SIGNING_KEY must be at least 32 characters (e.g. the output of `openssl rand -hex 32`).",
    );
  return key;
}

/**
 * PUBLIC_URL (README): one or more comma-separated origins such as
 * `https://admin.store.my`, scheme, host and port only. Unset or empty: the
 * defaults of lib/edge.ts.
 */
export function readPublicUrl(value: string | undefined): string[] | undefined {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const plain =
      url &&
      (url.protocol === "http:" || url.protocol === "https:") &&
      !url.username &&
      !url.password &&
      url.pathname === "/" &&
      !url.search &&
      !url.hash;
    if (!url || !plain) {
      throw new Error(
        `PUBLIC_URL must list origins (scheme, host and port, e.g. https://admin.store.my), not "${entry}".`,
      );
    }
    return url.origin;
  });
}

/**
 * SMTP_URL and MAIL_FROM (README): unset SMTP_URL keeps every message queued
 * (the /messages screen says why); MAIL_FROM must name an address with a domain,
 * which also names each message's Message-ID.
 */
export function readMail(env: NodeJS.ProcessEnv): MailConfig | undefined {
  const url = (env.SMTP_URL ?? "").trim();
  const from = (env.MAIL_FROM ?? "").trim();
  if (!url) return undefined;
  if (!/^smtps?:\/\/[^\s]+$/.test(url))
    throw new Error(
      "SMTP_URL must be smtp://host:port or smtps://host:port (user:password@ optional).",
    );
  if (!/@[^\s@>]+\.[^\s@>]+>?$/.test(from))
    throw new Error('SMTP_URL is set: set MAIL_FROM too, e.g. "Store <no-reply@store.my>".');
  return { url, from };
}

/** The domain of MAIL_FROM's address ("Store <no-reply@store.my>" → "store.my"). */
export function mailDomain(from: string): string {
  return /@([^\s@>]+)>?$/.exec(from)?.[1] ?? "localhost";
}

/**
 * S3_* (README): unset S3_BUCKET keeps images in the database. With a bucket,
 * S3_REGION is required and the two keys come together or not at all.
 */
export function readS3(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const value = (name: string) => (env[name] ?? "").trim() || undefined;
  const bucket = value("S3_BUCKET");
  const others = ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  if (!bucket) {
    const stray = others.filter(value);
    if (stray.length > 0)
      throw new Error(
        `${stray.join(", ")} set without S3_BUCKET: set S3_BUCKET too, or unset them.`,
      );
    return undefined;
  }
  const region = value("S3_REGION");
  if (!region) throw new Error("S3_BUCKET is set: set S3_REGION too (e.g. us-east-1).");
  const endpoint = value("S3_ENDPOINT");
  if (endpoint && !/^https?:\/\/[^\s]+$/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) address, not "${endpoint}".`);
  const accessKeyId = value("S3_ACCESS_KEY_ID");
  const secretAccessKey = value("S3_SECRET_ACCESS_KEY");
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.");
  const pathStyle = (value("S3_FORCE_PATH_STYLE") ?? "0").toLowerCase();
  if (!["0", "1", "true", "false"].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be 1 or 0, not "${pathStyle}".`);
  return {
    bucket,
    region,
    endpoint,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle === "1" || pathStyle === "true",
  };
}

/** REQUEST_TIMEOUT_SECONDS (README): unset for 30 s; else seconds, more than 0 and at most 3600. */
export function readRequestTimeout(value: string | undefined): number {
  const text = (value ?? "").trim();
  if (text === "") return 30_000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds <= 0 || seconds > 3600) {
    throw new Error(
      `REQUEST_TIMEOUT_SECONDS must be a number of seconds above 0 and at most 3600 (e.g. 30), not "${value}".`,
    );
  }
  return Math.round(seconds * 1000);
}

/** MAX_CONNECTIONS_PER_ADDRESS (README): unset for 256; else a whole number ≥ 1. */
export function readMaxConnections(value: string | undefined): number {
  const text = (value ?? "").trim().replace(/_/g, "");
  if (text === "") return 256;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new Error(
      `MAX_CONNECTIONS_PER_ADDRESS must be a whole number of at least 1 (e.g. 256), not "${value}".`,
    );
  }
  return Number(text);
}

/**
 * METRICS_ALLOW (README): comma-separated addresses and CIDR blocks that may
 * read /metrics; unset or empty, the loopback addresses; "none", no address
 * (METRICS_TOKEN only).
 */
export function readMetricsAllow(value: string | undefined): BlockList {
  const list = new BlockList();
  const text = (value ?? "").trim() || "127.0.0.0/8,::1/128";
  for (const entry of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry.toLowerCase() === "none") continue;
    const [address = "", bits] = entry.split("/");
    const type = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
    const prefix = bits === undefined ? (type === "ipv4" ? 32 : 128) : Number(bits);
    const max = type === "ipv4" ? 32 : 128;
    if (!type || !/^\d+$/.test(String(prefix)) || prefix < 0 || prefix > max) {
      throw new Error(
        `METRICS_ALLOW must list addresses or CIDR blocks (e.g. 127.0.0.1/32,10.0.0.0/8) or "none", not "${entry}".`,
      );
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** METRICS_TOKEN (README): at least 16 characters when set, so it cannot be guessed. */
export function readMetricsToken(value: string | undefined): string | undefined {
  const text = (value ?? "").trim();
  if (text === "") return undefined;
  if (text.length < 16 || /\s/.test(text)) {
    throw new Error(
      "METRICS_TOKEN must be at least 16 characters with no spaces (e.g. from `openssl rand -hex 24`).",
    );
  }
  return text;
}

/** SHUTDOWN_GRACE_SECONDS (README): unset for 10 s; else seconds, 0 to 600. */
export function readShutdownGrace(value: string | undefined): number {
  const text = (value ?? "").trim();
  if (text === "") return 10_000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds > 600) {
    throw new Error(
      `SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 600 (e.g. 10), not "${value}".`,
    );
  }
  return Math.round(seconds * 1000);
}

/** SEED_DEMO_ORDERS (README): unset or empty for the small demo store, else a whole number ≥ 1. */
export function readSeedDemoOrders(value: string | undefined): number | undefined {
  const text = (value ?? "").trim().replace(/_/g, "");
  if (text === "") return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new Error(
      `SEED_DEMO_ORDERS must be a whole number of orders (e.g. 1000000), not "${value}".`,
    );
  }
  return Number(text);
}

/**
 * TRUST_PROXY (README): unset, empty, "false" or "0" trusts no header, so a
 * client cannot pick the address its failed logins count under; a whole
 * number trusts that many proxy hops; otherwise a comma-separated list of
 * proxy addresses or CIDR blocks. "true" is refused: it would let any client
 * choose its address (docs/decisions/trust-proxy.md).
 */
export function readTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text.toLowerCase() === "false" || text === "0") return false;
  if (text.toLowerCase() === "true") {
    throw new Error(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For. Set it to the proxy's " +
        "addresses (e.g. 127.0.0.1 or 10.0.0.0/8) or to the number of proxies in front of the server.",
    );
  }
  if (/^\d+$/.test(text)) {
    // Fastify 5 refuses a bare hop count (it cannot check the nearest peer);
    // the same rule as a function: the socket peer and the next hops - 1 are proxies.
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * What is wrong with ADMIN_PASSWORD, or null. The contract's password rule,
 * with 12 characters in production: that password opens the whole store and
 * is typed into a deployment's settings, not chosen at a form
 * (docs/decisions/password-rule.md). The demo password passes
 * the development rule.
 */
export function adminPasswordProblem(
  config: Pick<Config, "adminPassword" | "production">,
): string | null {
  const min = config.production ? PRODUCTION_ADMIN_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;
  const problem = passwordProblem(config.adminPassword, min);
  if (!problem) return null;
  return `ADMIN_PASSWORD is refused${config.production ? " (NODE_ENV=production)" : ""}: ${problem}`;
}

/** Every timestamp is read and written in the store's time zone. */
export function applyTimeZone(timeZone: string): void {
  process.env.TZ = timeZone;
}
