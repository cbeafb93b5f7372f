import { idParams, kyc, kycDocumentParams, kycIdentity, kycInput } from "@store/contract";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { App } from "../../appType";
import { ifMatchOf } from "../../lib/versions";
import type { UploadObject } from "../uploads/storage";
import { getKyc, readDocument, readIdentity, saveKyc } from "./service";

/** A picture as stored, never cached (the guard says no-store for /api), never sniffed. */
function sendPicture(reply: FastifyReply, image: UploadObject) {
  return reply
    .header("x-content-type-options", "nosniff")
    .header("content-length", image.size)
    .type(image.contentType)
    .send(image.body);
}

/** What the document route's 200 is in the API document: a picture. */
const picture = z.string().meta({ description: "The picture (JPEG or PNG)." });

/**
 * docs/decisions/kyc.md: a member's KYC. Reading it masked is reading the
 * member (members:view); the identity number in full and the identity card's
 * pictures need kyc:view and each read is audited; saving needs kyc:manage.
 */
export function registerKycRoutes(app: App): void {
  const tags = ["kyc"];
  app.get(
    "/users/:id/kyc",
    {
      config: { permission: "members:view" },
      schema: {
        tags,
        summary: "A member's KYC, the identity number masked",
        description:
          "Status none, pending, verified or rejected (with its reason), the NRIC or passport number with all but its last 4 characters starred, the tax ID, the bank account holder's name, and whether each side of the identity card was uploaded. A member never saved is status none at version 1.",
        params: idParams,
        response: { 200: kyc },
      },
    },
    async (request) => getKyc(app.db, request.params.id),
  );
  app.get(
    "/users/:id/kyc/identity",
    {
      config: { permission: "kyc:view" },
      schema: {
        tags,
        summary: "A member's NRIC or passport number in full (audited)",
        description: "Each call writes an audit row (action view), the number masked in it.",
        params: idParams,
        response: { 200: kycIdentity },
      },
    },
    async (request) => readIdentity(app.db, request.admin, request.params.id),
  );
  app.get(
    "/users/:id/kyc/documents/:side",
    {
      config: { permission: "kyc:view", fileAnswer: "image/*" },
      schema: {
        tags,
        summary: "One side of a member's identity card (audited)",
        description:
          "side: front or back. Each call writes an audit row (action view); 404 when that side was never uploaded.",
        params: kycDocumentParams,
        response: { 200: picture },
      },
    },
    async (request, reply) => {
      const { id, side } = request.params;
      return sendPicture(
        reply,
        await readDocument(app.db, app.uploadStorage, request.admin, id, side),
      );
    },
  );
  app.put(
    "/users/:id/kyc",
    {
      config: { permission: "kyc:manage" },
      schema: {
        tags,
        summary: "Saves a member's KYC",
        description:
          "Fields left out keep their value; null or empty clears one. An NRIC (12 digits: a real YYMMDD date and a place-of-birth code JPN issues) replaces a passport and the other way round. Rejected needs a reason; verified needs an identity number and the bank account holder's name. A document is a file_name of POST uploads?kind=kyc. A status change, or any change of a verified member, needs a fresh step-up (403 step_up_required). If-Match: the version shown (412 when stale).",
        params: idParams,
        body: kycInput,
        response: { 200: kyc },
      },
    },
    async (request) =>
      saveKyc(app.db, request.admin, request.params.id, request.body, ifMatchOf(request)),
  );
}
