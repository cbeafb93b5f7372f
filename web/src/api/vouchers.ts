import type { Voucher, VoucherInput } from "@store/contract";
import { createResource } from "./crud";

/** Coupons: GET/POST vouchers, GET vouchersId/{id}, PUT/DELETE vouchers/{id}. */
export const vouchers = createResource<Voucher, VoucherInput>({
  name: "vouchers",
  list: "vouchers",
  item: (id) => `vouchers/${id}`,
  read: (id) => `vouchersId/${id}`,
});
