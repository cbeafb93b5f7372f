import {
  bankFileFormats,
  bankFileQuery,
  errorBody,
  idParams,
  listQuery,
  payoutBatch,
  payoutBatchDetail,
  payoutBatchInput,
  payoutResult,
} from "@store/contract";
import { z } from "zod";
import type { App } from "../../appType";
import { HttpError } from "../../lib/errors";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import { readUpload } from "../uploads/read";
import { importResult } from "./bankAnswer";
import { bankFormat, bankFileFormats as formatsAsData } from "./bankFormats";
import { readResultRows } from "./resultFile";
import { batchFile, createBatch, getBatch, listBatches, releaseBatch } from "./service";

const STEP_UP =
  "needs a fresh proof: without `POST /api/stepUp` from this session in the last 5 minutes it answers 403 `step_up_required` and changes nothing";
const versionAnswers = (what: string) => ({
  409: errorBody.describe(what),
  412: errorBody.describe("The batch changed since the version named in If-Match."),
});

/** The media type of a kept bank file. */
const MEDIA_TYPES = { csv: "text/csv; charset=utf-8", txt: "text/plain; charset=utf-8" } as const;

/** Payout batches and the bank file formats (docs/decisions/payout-batches.md). */
export function registerPayoutRoutes(app: App): void {
  const tags = ["payouts"];
  app.get(
    "/bankFileFormats",
    {
      config: { permission: "payouts:view" },
      schema: {
        tags,
        description:
          "The bulk-payment file formats as data (columns, header and trailer rows, date and amount formats, allowed characters), and how a bank's answer is read. Presets named for a bank are to be checked with that bank; none is bank-certified.",
        response: { 200: bankFileFormats },
      },
    },
    async () => formatsAsData(),
  );
  app.get(
    "/payoutBatches",
    {
      config: { permission: "payouts:view" },
      schema: { tags, querystring: listQuery, response: { 200: payoutBatch.array() } },
    },
    async (request, reply) => sendPage(reply, await listBatches(app.db, request.query)),
  );
  app.get(
    "/payoutBatches/:id",
    {
      config: { permission: "payouts:view" },
      schema: { tags, params: idParams, response: { 200: payoutBatchDetail } },
    },
    async (request) => getBatch(app.db, request.params.id),
  );
  app.post(
    "/payoutBatches",
    {
      config: { permission: "payouts:manage" },
      schema: {
        tags,
        description:
          "Gathers approved (completed, not reversed) withdrawal requests into a new draft batch (201). A request is in one batch at most: 409 already_batched names it and its batch; of two racing calls with the same request one wins.",
        body: payoutBatchInput,
        response: {
          201: payoutBatchDetail,
          409: errorBody.describe(
            "A request already in a batch (already_batched), or not completed or reversed (payout_not_batchable).",
          ),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBatch(app.db, request.admin, request.body.withdraw_ids)),
  );
  app.post(
    "/payoutBatches/:id/release",
    {
      config: { permission: "payouts:manage" },
      schema: {
        tags,
        params: idParams,
        description: `A draft batch may go to the bank. Above the second-approval amount (General settings) two different people release it: the first's answers 202 (first_released_by set), the second's releases it; the same person again is 409 second_approval_same_person. Those two ${STEP_UP}.`,
        response: {
          200: payoutBatchDetail,
          202: payoutBatchDetail,
          ...versionAnswers("Not a draft, or the same person's second release."),
        },
      },
    },
    async (request, reply) => {
      const { batch, first } = await releaseBatch(
        app.db,
        request.admin,
        request.params.id,
        ifMatchOf(request),
      );
      return reply.code(first ? 202 : 200).send(batch);
    },
  );
  app.get(
    "/payoutBatches/:id/file",
    {
      config: { permission: "payouts:manage", fileAnswer: "text/*" },
      schema: {
        tags,
        params: idParams,
        querystring: bankFileQuery,
        description:
          "The released batch's bulk-payment file in a format of GET bankFileFormats. Made once per format and kept with the batch: asked again, the same bytes; the sha-256 is in X-Checksum-Sha256 and on the batch's files.",
        response: {
          200: z.string().describe("The file (CSV or text)."),
          409: errorBody.describe(
            "A draft batch, or a line the format cannot hold (its bank's code unknown, no usable name or account).",
          ),
        },
      },
    },
    async (request, reply) => {
      const format = bankFormat(request.query.format);
      const file = await batchFile(app.db, request.admin, request.params.id, format);
      return reply
        .type(MEDIA_TYPES[file.extension])
        .header("content-disposition", `attachment; filename="${file.file_name}"`)
        .header("x-checksum-sha256", file.sha256)
        .send(file.content);
    },
  );
  app.post(
    "/payoutBatches/:id/result",
    {
      config: { permission: "payouts:manage", multipartFile: "file" },
      schema: {
        tags,
        params: idParams,
        description:
          "The bank's answer (CSV or xlsx: a header row with a reference and a status column, reasons and amounts if given) to a released batch: each line marked paid or failed with the bank's reason. A failed line's amount goes back to the cash wallet once (a payout_failed entry); the same file again refunds nothing. Reconciled when every line has an answer.",
        response: {
          200: payoutResult,
          ...versionAnswers("A draft batch."),
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new HttpError(
          415,
          "multipart_required",
          {},
          "Send the bank's file as multipart/form-data.",
        );
      }
      const rows = await readResultRows(await readUpload(request));
      return importResult(app.db, request.admin, request.params.id, rows, ifMatchOf(request));
    },
  );
}
