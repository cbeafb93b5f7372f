import { voucher, voucherInput } from "@store/contract";
import type { App } from "../../appType";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { voucherService } from "./service";

/** docs/REQUIREMENTS.md section 7: vouchers (GET, POST), vouchersId/{id} (GET), vouchers/{id} (PUT, DELETE). */
export function registerVoucherRoutes(app: App): void {
  registerCrudRoutes(app, {
    area: "orders",
    service: voucherService,
    input: voucherInput,
    record: voucher,
    tag: "vouchers",
    collection: "/vouchers",
    item: "/vouchers/:id",
    read: "/vouchersId/:id",
    bulk: { key: "voucher_id", status: "voucher_status" },
  });
}
