import {
  COUPON_EXPIRY_MESSAGE,
  isCouponExpiryAllowed,
  type ListQuery,
  type VoucherValues,
} from "@store/contract";
import { and, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { fromWireTimestamp } from "../../db/columns";
import { vouchers } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { badRequest, conflict, withUniqueGuard } from "../../lib/errors";

export type Voucher = typeof vouchers.$inferSelect;

const crud = crudService({
  table: vouchers,
  id: vouchers.voucher_id,
  entity: "Voucher",
  list: {
    search: [vouchers.voucher_code],
    defaultOrder: { by: vouchers.voucher_id, order: "desc" },
  },
});

const duplicateCode = (code: string) =>
  conflict("coupon_exists", { code }, `Coupon code ${code} already exists.`);

/**
 * The expiry is read in the store's time zone (the process TZ, which the wire
 * timestamps are written in) and must lie more than three days ahead.
 */
function requireFutureExpiry(expiredAt: string): void {
  if (!isCouponExpiryAllowed(fromWireTimestamp(expiredAt))) {
    throw badRequest("expired_at", "coupon_expiry", {}, COUPON_EXPIRY_MESSAGE);
  }
}

async function requireFreeCode(tx: Tx, code: string, exceptId?: number): Promise<void> {
  const same = eq(vouchers.voucher_code, code);
  const [taken] = await tx
    .select({ id: vouchers.voucher_id })
    .from(vouchers)
    .where(exceptId === undefined ? same : and(same, ne(vouchers.voucher_id, exceptId)))
    .limit(1);
  if (taken) throw duplicateCode(code);
}

export const voucherService = {
  list: (db: Tx, query: ListQuery) => crud.list(db, query),
  get: (db: Tx, id: number) => crud.get(db, id),
  remove: (db: Db, actor: Actor | null, id: number, expected?: number) =>
    crud.remove(db, actor, id, expected),

  async create(db: Db, actor: Actor | null, input: VoucherValues): Promise<Voucher> {
    requireFutureExpiry(input.expired_at);
    await requireFreeCode(db, input.voucher_code);
    return withUniqueGuard(
      () => duplicateCode(input.voucher_code),
      () => crud.create(db, actor, input),
    );
  },

  /** An unchanged old expiry may stay; a changed one must lie three days ahead. */
  async update(
    db: Db,
    actor: Actor | null,
    id: number,
    input: VoucherValues,
    expected?: number,
  ): Promise<Voucher> {
    const before = await crud.get(db, id);
    if (input.expired_at !== before.expired_at) requireFutureExpiry(input.expired_at);
    await requireFreeCode(db, input.voucher_code, id);
    return withUniqueGuard(
      () => duplicateCode(input.voucher_code),
      () => crud.update(db, actor, id, input, expected),
    );
  },
};
