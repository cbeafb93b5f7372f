import { idParams, listQuery, voucher, voucherInput } from "@store/contract";
import type { App } from "../../app";
import { sendPage } from "../../lib/paging";
import { voucherService } from "./service";

/** SPEC.md section 7: vouchers (GET, POST), vouchersId/{id} (GET), vouchers/{id} (PUT, DELETE). */
export function registerVoucherRoutes(app: App): void {
  const tags = ["vouchers"];
  app.get(
    "/vouchers",
    { schema: { tags, querystring: listQuery, response: { 200: voucher.array() } } },
    async (request, reply) => sendPage(reply, await voucherService.list(app.db, request.query)),
  );
  app.get(
    "/vouchersId/:id",
    { schema: { tags, params: idParams, response: { 200: voucher } } },
    async (request) => voucherService.get(app.db, request.params.id),
  );
  app.post(
    "/vouchers",
    { schema: { tags, body: voucherInput, response: { 201: voucher } } },
    async (request, reply) =>
      reply.code(201).send(await voucherService.create(app.db, request.admin, request.body)),
  );
  app.put(
    "/vouchers/:id",
    { schema: { tags, params: idParams, body: voucherInput, response: { 200: voucher } } },
    async (request) =>
      voucherService.update(app.db, request.admin, request.params.id, request.body),
  );
  app.delete(
    "/vouchers/:id",
    { schema: { tags, params: idParams, response: { 200: voucher } } },
    async (request) => voucherService.remove(app.db, request.admin, request.params.id),
  );
}
