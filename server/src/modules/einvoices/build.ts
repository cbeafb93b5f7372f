/**
 * What a document is built from (docs/decisions/einvoices.md): the store's
 * tax identity from its settings, and an order's lines, buyer and SST as they
 * were sold, mapped into the documents' input (documentTypes.ts).
 */
import {
  fromSen,
  invoiceNumber,
  MALAYSIAN_STATES,
  type MalaysianState,
  shareInProportion,
  toSen,
} from "@store/contract";
import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { orderBuyers, orderItems, orders, settings } from "../../db/schema";
import { conflict } from "../../lib/errors";
import {
  CLASSIFICATION_OTHERS,
  type EinvoiceLine,
  type EinvoiceParty,
  GENERAL_PUBLIC_BUYER,
} from "./documentTypes";
import { MYINVOIS_ENVIRONMENTS } from "./myinvois";

/** Where the documents go and how they are signed: the settings' MyInvois access. */
export interface MyinvoisAccess {
  baseUrl: string;
  identityUrl: string;
  portalUrl: string;
  clientId: string;
  clientSecret: string;
  /** Documents are signed (version 1.1) when the store has set its certificate. */
  keys?: { certificatePem: string; privateKeyPem: string };
}

export interface StoreTaxIdentity {
  supplier: EinvoiceParty;
  access: MyinvoisAccess;
}

type SettingsRow = typeof settings.$inferSelect;

/** "Jalan Ampang, 50450 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur" → its postcode, city and state. */
export function addressOf(text: string): EinvoiceParty["address"] | undefined {
  const postcode = /\b(\d{5})\b/.exec(text);
  const state = [...MALAYSIAN_STATES]
    .sort((a, b) => b.length - a.length)
    .find((name) => text.toLowerCase().includes(name.toLowerCase()));
  if (!postcode || !state) return undefined;
  const parts = text
    .split(/[,\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const withPostcode = parts.find((p) => p.includes(postcode[1] as string)) ?? "";
  const city = withPostcode.replace(postcode[1] as string, "").trim() || state;
  const lines = parts.filter((p) => p !== withPostcode && p !== state);
  return {
    line1: lines[0] ?? city,
    line2: lines.slice(1).join(", ") || undefined,
    city,
    postcode: postcode[1] as string,
    state,
    country: "MYS",
  };
}

/**
 * The store's identity and MyInvois access, or 409 `einvoice_not_set_up`
 * naming what is missing: nothing is built or sent before they are set.
 */
export function storeTaxIdentity(row: SettingsRow): StoreTaxIdentity {
  const address = addressOf(row.store_address);
  const missing = [
    ["TIN", row.tin],
    ["Company registration no.", row.store_registration],
    ["MSIC code", row.msic_code],
    ["Business activity", row.business_activity],
    ["Store address (with postcode and state)", address ? "set" : ""],
    ["Store contact", row.store_contact],
    ["MyInvois client ID", row.myinvois_client_id],
    ["MyInvois client secret", row.myinvois_client_secret],
  ]
    .filter(([, value]) => !value)
    .map(([label]) => label as string);
  if (missing.length > 0 || !address) {
    throw conflict(
      "einvoice_not_set_up",
      { fields: missing.join(", ") },
      `E-invoices need the store's tax identity and MyInvois access first: set ${missing.join(", ")} in Settings.`,
    );
  }
  const environment = MYINVOIS_ENVIRONMENTS[row.myinvois_environment];
  return {
    supplier: {
      tin: row.tin,
      brn: row.store_registration,
      id_type: "BRN",
      id_value: row.store_registration,
      sst_no: row.sst_no || "NA",
      msic_code: row.msic_code,
      business_activity: row.business_activity,
      name: row.store_name,
      phone: row.store_contact,
      address,
    },
    access: {
      baseUrl: row.myinvois_base_url || environment.baseUrl,
      identityUrl: row.myinvois_identity_url || environment.identityUrl,
      portalUrl: environment.portalUrl,
      clientId: row.myinvois_client_id,
      clientSecret: row.myinvois_client_secret,
      ...(row.einvoice_certificate && row.einvoice_private_key
        ? {
            keys: {
              certificatePem: row.einvoice_certificate,
              privateKeyPem: row.einvoice_private_key,
            },
          }
        : {}),
    },
  };
}

export async function readStoreTaxIdentity(tx: Tx): Promise<StoreTaxIdentity> {
  const [row] = await tx.select().from(settings).where(eq(settings.setting_id, 1));
  if (!row) throw new Error("settings row 1 is missing");
  return storeTaxIdentity(row);
}

export type OrderRow = typeof orders.$inferSelect;

/** An order as its documents need it: the order, its lines and the buyer who asked, if any. */
export interface OrderForDocument {
  order: OrderRow;
  lines: (typeof orderItems.$inferSelect)[];
  buyer: typeof orderBuyers.$inferSelect | null;
}

export async function ordersForDocuments(tx: Tx, ids: number[]): Promise<OrderForDocument[]> {
  if (ids.length === 0) return [];
  const [rows, lines, buyers] = await Promise.all([
    tx.select().from(orders).where(inArray(orders.orders_id, ids)).orderBy(asc(orders.orders_id)),
    tx
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orders_id, ids))
      .orderBy(asc(orderItems.item_id)),
    tx.select().from(orderBuyers).where(inArray(orderBuyers.orders_id, ids)),
  ]);
  return rows.map((order) => ({
    order,
    lines: lines.filter((l) => l.orders_id === order.orders_id),
    buyer: buyers.find((b) => b.orders_id === order.orders_id) ?? null,
  }));
}

/** The order's delivery address as a document address. */
function deliveryAddress(order: OrderRow): EinvoiceParty["address"] {
  const state = MALAYSIAN_STATES.includes(order.state as MalaysianState) ? order.state : "17";
  return {
    line1: order.address_1 || "NA",
    line2: order.address_2 || undefined,
    city: order.address_2 || order.state || "NA",
    postcode: order.postcode,
    state,
    country: order.country || "Malaysia",
  };
}

/**
 * The buyer: who asked for their own invoice, as they gave themselves, or
 * (a sale of RM 10,000.00 or more nobody asked for) the general public by the
 * recipient's name and address.
 */
export function buyerOf({ order, buyer }: OrderForDocument): EinvoiceParty {
  if (!buyer) {
    return {
      ...GENERAL_PUBLIC_BUYER,
      name: order.recipient_name || order.username || GENERAL_PUBLIC_BUYER.name,
      address: deliveryAddress(order),
    };
  }
  return {
    tin: buyer.tin,
    id_type: buyer.id_type,
    id_value: buyer.id_value,
    ...(buyer.id_type === "BRN" ? { brn: buyer.id_value } : {}),
    sst_no: buyer.sst_no || "NA",
    name: buyer.name,
    email: buyer.email || undefined,
    phone: buyer.phone || order.contact || "NA",
    address: (buyer.address && addressOf(buyer.address)) || deliveryAddress(order),
  };
}

/**
 * The order's lines as sold: each after its share of the coupon (shared as
 * the order's figures shared it: orderFigures), SST included.
 */
export function linesOf({ order, lines }: OrderForDocument): EinvoiceLine[] {
  const shares = shareInProportion(
    toSen(order.discount),
    lines.map((l) => toSen(l.unit_price) * BigInt(l.quantity)),
  );
  return lines.map((line, i) => {
    const share = shares[i] ?? 0n;
    return {
      description: line.variant_name
        ? `${line.product_name} (${line.variant_name})`
        : line.product_name,
      quantity: line.quantity,
      unit_price: line.unit_price,
      line_total: fromSen(toSen(line.line_total) - share),
      discount: fromSen(toSen(line.line_discount) + share),
      tax_type: line.tax_type,
      tax_rate: line.tax_rate,
      tax_amount: line.tax_amount,
      classification: CLASSIFICATION_OTHERS,
    };
  });
}

/** Our number for an order's document: its invoice's, or a note's (CN-, RN-). */
export function orderDocumentId(type: "01" | "02" | "04", orderNumber: string): string {
  if (type === "01") return invoiceNumber(orderNumber);
  return `${type === "02" ? "CN" : "RN"}-${orderNumber}`;
}
