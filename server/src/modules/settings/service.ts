import {
  isMaskedSecret,
  type ListQuery,
  maskSecret,
  type paymentMethodInput,
  SECRET_MASK,
  SECRET_SHOW_TAIL_FROM,
  type settingsInput,
  type socialLoginInput,
  toSen,
} from "@store/contract";
import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Db } from "../../db/client";
import { paymentMethods, settings, shippingMethods, socialLogins } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { badRequest } from "../../lib/errors";
import { type Fields, fieldsOf } from "../../lib/filters";

// Settings, social logins and the payment method are fixed records created by
// the base seed (settings 1, social logins 1 and 2, payment method 1): they are
// read and updated, never created or deleted through the API, so an unknown
// id is a 404. The audit log redacts id_key, secret_key and publish_key.

/**
 * A list's fields with its secret column as its mask (maskSecret, in SQL): a
 * sort, a filter or a CSV export sees what the JSON answers, never the key.
 */
function fieldsMasking(columns: Record<string, PgColumn>, secret: PgColumn): Fields {
  const masked = sql`(case when coalesce(${secret}, '') = '' then ''
    when length(${secret}) >= ${SECRET_SHOW_TAIL_FROM} then ${SECRET_MASK} || right(${secret}, 4)
    else ${SECRET_MASK} end)`;
  return { ...fieldsOf(columns), [secret.name]: { by: masked, type: "text" } };
}

export const settingsService = crudService({
  table: settings,
  id: settings.setting_id,
  entity: "Settings",
  list: { search: [], defaultOrder: { by: settings.setting_id, order: "asc" } },
});

type SettingsRow = typeof settings.$inferSelect;
type SettingsValues = z.output<typeof settingsInput>;

/**
 * Loosening a money control is as strong as creating an account: it needs a
 * fresh proof (docs/decisions/money-controls-step-up.md). Raising the
 * second-approval amount or switching it off, switching commission on or
 * paying it on the whole total, switching the two-step rule or the KYC rule
 * (docs/decisions/kyc.md) off, a longer buy-back period or a higher buy-back
 * percentage (docs/decisions/returns.md); the other way round tightens and needs none.
 * Decided on the stored record under its row lock, after the version check,
 * so nothing is written without it.
 */
export function loosensMoneyControl(before: SettingsRow, values: SettingsValues): boolean {
  const above = values.payout_second_approval_above;
  const stored = before.payout_second_approval_above;
  const secondApproval =
    above !== undefined && stored !== null && (above === null || toSen(above) > toSen(stored));
  const commissionOn = values.commission_status === 1 && before.commission_status !== 1;
  const wholeTotal = values.commission_base === "total" && before.commission_base !== "total";
  const twoStepOff = values.totp_required === 0 && before.totp_required !== 0;
  const kycOff = values.kyc_required === 0 && before.kyc_required !== 0;
  const buyBack =
    (values.buy_back_days !== undefined && values.buy_back_days > before.buy_back_days) ||
    (values.buy_back_percent !== undefined &&
      toSen(values.buy_back_percent) > toSen(before.buy_back_percent));
  return secondApproval || commissionOn || wholeTotal || twoStepOff || kycOff || buyBack;
}

/**
 * PUT settings/{id}: the money rules (commission, withdrawal limits) left out
 * of the body keep their stored values; a maximum below the minimum is a 400
 * naming the maximum (docs/decisions/wallet-ledger.md).
 */
/** The settings' write-only keys (MyInvois access, the signing key): masked in every answer. */
const SETTINGS_SECRETS = ["myinvois_client_secret", "einvoice_private_key"] as const;
/** What tells LHDN who the store is and lets it speak for the store: a change needs a fresh proof. */
const TAX_IDENTITY = [
  "tin",
  "sst_no",
  "msic_code",
  "business_activity",
  "myinvois_environment",
  "myinvois_client_id",
  "myinvois_base_url",
  "myinvois_identity_url",
  "einvoice_certificate",
  ...SETTINGS_SECRETS,
] as const;

function withMaskedSettings(row: SettingsRow): SettingsRow {
  const masked = { ...row };
  for (const field of SETTINGS_SECRETS) masked[field] = maskSecret(row[field]);
  return masked;
}

/** The values to write: a secret's mask sent back keeps the stored one. */
function keepMaskedSettings(values: SettingsValues): SettingsValues {
  const kept = { ...values };
  for (const field of SETTINGS_SECRETS) if (isMaskedSecret(kept[field])) delete kept[field];
  return kept;
}

export const settingsAnswers = {
  async get(db: Db, id: number) {
    return withMaskedSettings(await settingsService.get(db, id));
  },
  async update(
    db: Db,
    actor: KeyChanger,
    id: number,
    input: z.output<typeof settingsInput>,
    expected?: number,
  ) {
    const stored = await settingsService.get(db, id);
    const min = input.withdraw_min_amt ?? stored.withdraw_min_amt;
    const max =
      input.withdraw_max_amt === undefined ? stored.withdraw_max_amt : input.withdraw_max_amt;
    if (max !== null && toSen(max) < toSen(min)) {
      throw badRequest(
        "withdraw_max_amt",
        "withdrawal_limits",
        { min },
        `Maximum withdrawal amount must be at least the minimum (RM ${min}).`,
      );
    }
    const values = keepMaskedSettings(input);
    const identityChanges = stepUpIfKeysChange(actor, values, TAX_IDENTITY);
    const row = await settingsService.update(db, actor, id, values, expected, (before) => {
      if (loosensMoneyControl(before, values)) requireStepUp(actor);
      identityChanges(before);
    });
    return withMaskedSettings(row);
  },
};

export const socialLoginService = crudService({
  table: socialLogins,
  id: socialLogins.social_id,
  entity: "Social login",
  list: {
    fields: fieldsMasking(getTableColumns(socialLogins), socialLogins.secret_key),
    search: [socialLogins.social_login],
    defaultOrder: { by: socialLogins.social_id, order: "asc" },
  },
});

export const paymentMethodService = crudService({
  table: paymentMethods,
  id: paymentMethods.method_id,
  entity: "Payment method",
  list: {
    fields: fieldsMasking(getTableColumns(paymentMethods), paymentMethods.secret_key),
    search: [],
    defaultOrder: { by: paymentMethods.method_id, order: "asc" },
  },
});

export const shippingMethodService = crudService({
  table: shippingMethods,
  id: shippingMethods.ship_id,
  entity: "Shipping method",
  list: {
    search: [shippingMethods.shipping_name],
    defaultOrder: { by: shippingMethods.ship_id, order: "asc" },
  },
});

// Secret keys are write-only (docs/decisions/write-only-secret-keys.md):
// every answer below masks them, and a masked value sent back leaves the
// stored key as it is. An empty value is a deliberate clear (a switched-off
// provider); the payment method's schema refuses an empty secret.

function withMaskedSecret<R extends { secret_key: string }>(row: R): R {
  return { ...row, secret_key: maskSecret(row.secret_key) };
}

/** The values to write: without secret_key when the admin sent the mask back. */
function keepMaskedSecret<V extends { secret_key: string }>(values: V): Partial<V> {
  if (!isMaskedSecret(values.secret_key)) return values;
  const { secret_key: _kept, ...rest } = values;
  return rest as Partial<V>;
}

/** The caller of a secret-key change: who, and when their session last gave a fresh proof. */
type KeyChanger = Actor & Pick<SessionCaller, "step_up_at">;

/**
 * A change of a provider's keys, or of where a payment or a login is sent,
 * needs a fresh proof (POST /api/stepUp; docs/decisions/secret-key-step-up.md):
 * with a stolen session alone, nobody can point the store's money or logins
 * elsewhere. The switch alone, or the same values saved again, needs none.
 */
function stepUpIfKeysChange<R extends Record<string, unknown>>(
  caller: KeyChanger,
  values: Partial<Record<keyof R & string, unknown>>,
  fields: readonly (keyof R & string)[],
) {
  return (before: R) => {
    const changed = fields.some(
      (field) => values[field] !== undefined && values[field] !== before[field],
    );
    if (changed) requireStepUp(caller);
  };
}

export const socialLoginAnswers = {
  async list(db: Db, query: ListQuery) {
    const page = await socialLoginService.list(db, query);
    return { ...page, rows: page.rows.map(withMaskedSecret) };
  },
  async update(
    db: Db,
    actor: KeyChanger,
    id: number,
    input: z.output<typeof socialLoginInput>,
    expected?: number,
  ) {
    // Switched on with the mask sent back: the kept key must exist.
    if (input.social_status === 1 && isMaskedSecret(input.secret_key)) {
      const stored = await socialLoginService.get(db, id);
      if (!stored.secret_key)
        throw badRequest("secret_key", "required", { field: "secret_key" }, "Secret is required.");
    }
    const values = keepMaskedSecret(input);
    const check = stepUpIfKeysChange(actor, values, ["id_key", "secret_key", "social_uri"]);
    return withMaskedSecret(
      await socialLoginService.update(db, actor, id, values, expected, check),
    );
  },
};

export const paymentMethodAnswers = {
  async get(db: Db, id: number) {
    return withMaskedSecret(await paymentMethodService.get(db, id));
  },
  async update(
    db: Db,
    actor: KeyChanger,
    id: number,
    input: z.output<typeof paymentMethodInput>,
    expected?: number,
  ) {
    const values = keepMaskedSecret(input);
    const check = stepUpIfKeysChange(actor, values, ["secret_key", "publish_key", "gateway_uri"]);
    return withMaskedSecret(
      await paymentMethodService.update(db, actor, id, values, expected, check),
    );
  },
};
