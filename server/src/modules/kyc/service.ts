/**
 * A member's KYC (docs/decisions/kyc.md): read masked by whoever sees the
 * member, in full (the identity number, the identity card's pictures) only
 * with `kyc:view`, every such read audited; written with `kyc:manage`, one
 * transaction with its audit row, which keeps the identity number masked.
 */
import {
  KYC_DOCUMENT_SIDES,
  KYC_RULE_MESSAGES,
  type Kyc,
  type KycDocumentSide,
  type KycIdentity,
  type KycValues,
  maskIdNumber,
} from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { uploads, userKyc, userKycDocuments, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { queueMessage, recipientOf } from "../messages/outbox";
import type { UploadObject, UploadStorage } from "../uploads/storage";

const verifier = alias(users, "verifier");
type KycRow = typeof userKyc.$inferSelect;
type Documents = Partial<Record<KycDocumentSide, string>>;

/**
 * What the audit trail and a 412 answer keep of a KYC record: the identity
 * numbers masked, never in full.
 */
function trailOf(row: KycRow, documents: Documents) {
  return {
    user_id: row.user_id,
    status: row.status,
    nric: maskIdNumber(row.nric),
    passport: maskIdNumber(row.passport),
    tin: row.tin,
    bank_holder_name: row.bank_holder_name,
    reason: row.reason,
    document_front: documents.front ?? null,
    document_back: documents.back ?? null,
    documents_at: row.documents_at,
    verified_by: row.verified_by,
    verified_at: row.verified_at,
    version: row.version,
  };
}

async function documentsOf(tx: Tx, userId: number): Promise<Documents> {
  const rows = await tx
    .select({ side: userKycDocuments.side, name: userKycDocuments.document_image })
    .from(userKycDocuments)
    .where(eq(userKycDocuments.user_id, userId));
  return Object.fromEntries(rows.map((row) => [row.side, row.name]));
}

/** GET users/{id}/kyc: masked; a member never saved is status none at version 1. */
export async function getKyc(db: Tx, userId: number): Promise<Kyc> {
  const [row] = await db
    .select({
      user_id: users.user_id,
      username: users.username,
      kyc: userKyc,
      verified_by_username: verifier.username,
    })
    .from(users)
    .leftJoin(userKyc, eq(userKyc.user_id, users.user_id))
    .leftJoin(verifier, eq(verifier.user_id, userKyc.verified_by))
    .where(eq(users.user_id, userId));
  if (!row) throw notFound("User");
  const documents = await documentsOf(db, userId);
  const kyc = row.kyc;
  return {
    user_id: row.user_id,
    username: row.username,
    status: kyc?.status ?? "none",
    id_type: kyc?.nric ? "nric" : kyc?.passport ? "passport" : null,
    id_masked: maskIdNumber(kyc?.nric ?? kyc?.passport),
    tin: kyc?.tin ?? "",
    bank_holder_name: kyc?.bank_holder_name ?? "",
    reason: kyc?.reason ?? "",
    documents: { front: documents.front !== undefined, back: documents.back !== undefined },
    documents_at: kyc?.documents_at ?? null,
    verified_by: kyc?.verified_by ?? null,
    verified_by_username: row.verified_by_username,
    verified_at: kyc?.verified_at ?? null,
    updated_at: kyc?.updated_at ?? null,
    version: kyc?.version ?? 1,
  };
}

/**
 * GET users/{id}/kyc/identity (kyc:view): the identity number in full. The
 * read itself is audited (action `view`), the number masked in the trail.
 */
export async function readIdentity(db: Db, actor: Actor, userId: number): Promise<KycIdentity> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ user_id: users.user_id, nric: userKyc.nric, passport: userKyc.passport })
      .from(users)
      .leftJoin(userKyc, eq(userKyc.user_id, users.user_id))
      .where(eq(users.user_id, userId));
    if (!member) throw notFound("User");
    await recordAudit(tx, actor, {
      entity: "Kyc",
      entityId: userId,
      action: "view",
      after: {
        user_id: userId,
        viewed: "identity",
        nric: maskIdNumber(member.nric),
        passport: maskIdNumber(member.passport),
      },
    });
    return { user_id: userId, nric: member.nric ?? null, passport: member.passport ?? null };
  });
}

/**
 * GET users/{id}/kyc/documents/{side} (kyc:view): one picture of the identity
 * card. Its view is audited before the bytes are read; 404 when that side
 * was never uploaded.
 */
export async function readDocument(
  db: Db,
  storage: UploadStorage,
  actor: Actor,
  userId: number,
  side: KycDocumentSide,
): Promise<UploadObject> {
  const name = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ name: userKycDocuments.document_image })
      .from(userKycDocuments)
      .where(and(eq(userKycDocuments.user_id, userId), eq(userKycDocuments.side, side)));
    if (!found) throw notFound("Document");
    await recordAudit(tx, actor, {
      entity: "Kyc",
      entityId: userId,
      action: "view",
      after: { user_id: userId, viewed: `document_${side}`, file_name: found.name },
    });
    return found.name;
  });
  const object = await storage.get(name);
  if (!object) throw notFound("Document");
  return object;
}

/** Whether saving `next` over `current` needs a fresh step-up (docs/decisions/kyc.md). */
export function kycStepUpNeeded(
  current: { status: string },
  next: { status: string },
  changed: boolean,
): boolean {
  // A status change moves a money control (verified pays, the rest do not);
  // an edit of a verified member changes who is paid (the holder's name).
  return current.status !== next.status || (next.status === "verified" && changed);
}

/**
 * PUT users/{id}/kyc: the fields given replace the stored ones (see the
 * contract's kycInput); checked on the merged record; a status change, or
 * any change of a verified member, needs a fresh step-up. The If-Match
 * version is checked on the row locked in this transaction.
 */
export async function saveKyc(
  db: Db,
  actor: SessionCaller,
  userId: number,
  input: KycValues,
  expected?: number,
): Promise<Kyc> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(eq(users.user_id, userId))
      .for("key share");
    if (!member) throw notFound("User");
    // A member never saved is status none at version 1: the row is made so (and
    // rolled back with the rest when the save is refused), then locked.
    await tx.insert(userKyc).values({ user_id: userId }).onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(userKyc)
      .where(eq(userKyc.user_id, userId))
      .for("update");
    if (!current) throw notFound("User");
    const documents = await documentsOf(tx, userId);
    const before = trailOf(current, documents);
    await requireVersion(tx, { entity: "Kyc", id: userId, row: before }, expected);

    const next = merged(current, input);
    const nextDocuments = { ...documents };
    for (const side of KYC_DOCUMENT_SIDES) {
      const given = input[`document_${side}`];
      if (given === undefined) continue;
      if (given === null) delete nextDocuments[side];
      else {
        await assertKycUpload(tx, side, given);
        nextDocuments[side] = given;
      }
    }
    const documentsChanged = KYC_DOCUMENT_SIDES.some((s) => documents[s] !== nextDocuments[s]);
    const changed =
      documentsChanged ||
      (["status", "nric", "passport", "tin", "bank_holder_name", "reason"] as const).some(
        (field) => current[field] !== next[field],
      );
    if (kycStepUpNeeded(current, next, changed)) requireStepUp(actor);
    if (!changed) return getKyc(tx, userId);

    const becomesVerified = next.status === "verified" && current.status !== "verified";
    const [saved] = await tx
      .update(userKyc)
      .set({
        ...next,
        ...(next.status !== "verified"
          ? { verified_by: null, verified_at: null }
          : becomesVerified
            ? { verified_by: actor.user_id, verified_at: sql`now()` }
            : {}),
        ...(documentsChanged && { documents_at: sql`now()` }),
        updated_at: sql`now()`,
      })
      .where(eq(userKyc.user_id, userId))
      .returning();
    if (!saved) throw notFound("User");
    if (documentsChanged) await writeDocuments(tx, userId, documents, nextDocuments);
    if (saved.status !== current.status) await tellKycStatus(tx, saved);
    await recordAudit(tx, actor, {
      entity: "Kyc",
      entityId: userId,
      action: "update",
      before,
      after: trailOf(saved, nextDocuments),
    });
    return getKyc(tx, userId);
  });
}

/** The member hears a verification or a rejection with its reason (docs/decisions/messages.md). */
async function tellKycStatus(tx: Tx, saved: KycRow): Promise<void> {
  if (saved.status !== "verified" && saved.status !== "rejected") return;
  const to = await recipientOf(tx, saved.user_id);
  if (!to) return;
  await queueMessage(tx, {
    event: saved.status === "verified" ? "kyc_verified" : "kyc_rejected",
    about: `kyc:${saved.user_id}:${saved.status}:v${saved.version}`,
    to,
    variables: saved.status === "rejected" ? { reason: saved.reason } : {},
  });
}

type Merged = Pick<KycRow, "status" | "nric" | "passport" | "tin" | "bank_holder_name" | "reason">;

/** The stored record with the fields given, checked across fields (400, nothing written). */
function merged(current: KycRow, input: KycValues): Merged {
  if (input.nric && input.passport)
    throw badRequest("nric", "kyc_one_identity", {}, KYC_RULE_MESSAGES.both);
  let { nric, passport } = current;
  // One identity number: a new NRIC replaces a passport, and the other way round.
  if (input.nric !== undefined) {
    nric = input.nric;
    if (input.nric !== null) passport = null;
  }
  if (input.passport !== undefined) {
    passport = input.passport;
    if (input.passport !== null) nric = null;
  }
  const status = input.status ?? current.status;
  const reason = status === "rejected" ? (input.reason ?? current.reason) : "";
  const next: Merged = {
    status,
    nric,
    passport,
    tin: input.tin ?? current.tin,
    bank_holder_name: input.bank_holder_name ?? current.bank_holder_name,
    reason,
  };
  if (status === "rejected" && reason === "")
    throw badRequest("reason", "required", { field: "reason" }, KYC_RULE_MESSAGES.reason);
  if (status === "verified" && (!(nric || passport) || next.bank_holder_name === ""))
    throw badRequest("status", "kyc_incomplete", {}, KYC_RULE_MESSAGES.incomplete);
  return next;
}

/** A document must be an upload of kind kyc (private): another image is 400. */
async function assertKycUpload(tx: Tx, side: KycDocumentSide, name: string): Promise<void> {
  const [found] = await tx
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.private, true)));
  if (found) return;
  throw badRequest(
    `document_${side}`,
    "kyc_document_unknown",
    { side },
    `The ${side} of the identity card must be a file uploaded for KYC (POST uploads?kind=kyc).`,
  );
}

async function writeDocuments(
  tx: Tx,
  userId: number,
  before: Documents,
  after: Documents,
): Promise<void> {
  for (const side of KYC_DOCUMENT_SIDES) {
    const name = after[side];
    if (before[side] === name) continue;
    if (name === undefined) {
      await tx
        .delete(userKycDocuments)
        .where(and(eq(userKycDocuments.user_id, userId), eq(userKycDocuments.side, side)));
    } else {
      await tx
        .insert(userKycDocuments)
        .values({ user_id: userId, side, document_image: name })
        .onConflictDoUpdate({
          target: [userKycDocuments.user_id, userKycDocuments.side],
          set: { document_image: name },
        });
    }
  }
}
