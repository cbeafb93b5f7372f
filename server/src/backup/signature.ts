import crypto from "node:crypto";

/**
 * The manifest's signature (docs/decisions/backups.md, "Signed manifests"):
 * an HMAC-SHA256 of manifest.json's exact bytes with BACKUP_SIGNING_KEY, kept
 * beside it as manifest.sig. The manifest holds every other member's sha-256,
 * so a member changed on purpose (a password hash planted in users.ndjson)
 * and its checksum rewritten is caught: the manifest no longer matches its
 * signature, and nobody without the key can sign it again.
 */
export const SIGNATURE_NAME = "manifest.sig";
const ALGORITHM = "HMAC-SHA256";

interface Signature {
  algorithm: typeof ALGORITHM;
  /** Which key signed it (a hash of the key, never the key): names a mix-up of keys. */
  key_id: string;
  hmac: string;
}

/** What a restore trusts: the key archives are signed with, and whether an unsigned one may pass. */
export interface ArchiveTrust {
  /** BACKUP_SIGNING_KEY; unset, no signature can be checked. */
  signingKey?: string | undefined;
  /** --allow-unsigned: the operator vouches for an archive whose signature cannot be checked. */
  allowUnsigned?: boolean | undefined;
}

export function keyId(key: string): string {
  return crypto.createHash("sha256").update(`store-backup-key\n${key}`).digest("hex").slice(0, 16);
}

function hmac(key: string, manifest: Buffer): string {
  return crypto.createHmac("sha256", key).update(manifest).digest("hex");
}

/** manifest.sig's text for these manifest bytes. */
export function signManifest(manifest: Buffer, key: string): string {
  const signature: Signature = {
    algorithm: ALGORITHM,
    key_id: keyId(key),
    hmac: hmac(key, manifest),
  };
  return `${JSON.stringify(signature)}\n`;
}

function parseSignature(text: string): Signature | undefined {
  try {
    const value = JSON.parse(text) as Partial<Signature>;
    if (
      value.algorithm === ALGORITHM &&
      typeof value.key_id === "string" &&
      typeof value.hmac === "string" &&
      /^[0-9a-f]{64}$/.test(value.hmac)
    )
      return value as Signature;
  } catch {
    // Said below as a signature this version cannot read.
  }
  return undefined;
}

/** The outcome of a check that passed: signed, or unchecked and allowed ("the archive is not signed …"). */
export type SignatureCheck = { signed: true } | { signed: false; warning: string };

/**
 * Checks manifest.json against manifest.sig. Answers the problem (a refusal)
 * as text, or the outcome. An archive whose signature cannot be checked (none,
 * or no key here) passes only with `allowUnsigned`.
 */
export function checkSignature(
  manifest: Buffer,
  signatureText: string | undefined,
  trust: ArchiveTrust,
): { problem: string } | SignatureCheck {
  const unchecked = (why: string, advice: string): { problem: string } | SignatureCheck =>
    trust.allowUnsigned
      ? { signed: false, warning: `the archive ${why}` }
      : { problem: `it ${why}. ${advice}` };
  if (signatureText === undefined)
    return unchecked(
      "is not signed (taken without BACKUP_SIGNING_KEY, or by an older version), so a copy changed on purpose cannot be told from it",
      "Restore it only if you know where it has been, with --allow-unsigned",
    );
  const signature = parseSignature(signatureText);
  if (!signature) return { problem: `its ${SIGNATURE_NAME} is not one this version reads` };
  if (!trust.signingKey)
    return unchecked(
      `is signed (key id ${signature.key_id}) but BACKUP_SIGNING_KEY is not set here`,
      "Set BACKUP_SIGNING_KEY to the key it was signed with, or restore it unchecked with --allow-unsigned",
    );
  const here = keyId(trust.signingKey);
  if (signature.key_id !== here)
    return {
      problem: `it was signed with another key (key id ${signature.key_id}; BACKUP_SIGNING_KEY here is ${here}): set the key it was signed with`,
    };
  const expected = Buffer.from(hmac(trust.signingKey, manifest), "hex");
  const given = Buffer.from(signature.hmac, "hex");
  if (!crypto.timingSafeEqual(expected, given))
    return { problem: "its manifest was changed after it was signed" };
  return { signed: true };
}
