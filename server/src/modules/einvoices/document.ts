/**
 * LHDN MyInvois documents in UBL 2.1 JSON (docs/decisions/einvoice-documents.md):
 * built from `EinvoiceInput`, every value wrapped as `[{"_": …}]` under the
 * `_D`/`_A`/`_B` namespaces. Amounts are worked in whole sen (BigInt) and
 * written as JSON numbers whose decimal text is exact ("12.5" is 12.50).
 * The exact bytes sent and their SHA-256 are `documentBytes`/`documentHash`.
 */
import { createHash } from "node:crypto";
import { fromSen, toSen } from "@store/contract";
import {
  CLASSIFICATION_CONSOLIDATED,
  type EinvoiceInput,
  type EinvoiceLine,
  type EinvoiceParty,
  GENERAL_PUBLIC_BUYER,
  GENERAL_PUBLIC_TIN,
  MSIC_NOT_APPLICABLE,
  MSIC_NOT_APPLICABLE_NAME,
  STATE_CODES,
  STATE_NOT_APPLICABLE,
  type TaxTypeCode,
} from "./documentTypes";

export const UBL_NAMESPACES = {
  _D: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  _A: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  _B: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
} as const;

export const CURRENCY = "MYR";
/** The exemption sentence when a line gives none. */
export const DEFAULT_EXEMPTION_REASON = "Exempt from sales and service tax";

/** A JSON value as the document holds it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
/** The built document: `{_D, _A, _B, Invoice: [ {...} ]}`. */
export type EinvoiceDocument = JsonObject;

/** `[{"_": value, ...attributes}]`, the JSON form of one UBL basic component. */
export function wrap(value: string | number | boolean, attributes: JsonObject = {}): Json[] {
  return [{ _: value, ...attributes }];
}

/** An amount in sen as the document's number: fromSen gives the exact decimal text, Number keeps it. */
export function amountOf(sen: bigint): number {
  return Number(fromSen(sen));
}

function money(sen: bigint): Json[] {
  return wrap(amountOf(sen), { currencyID: CURRENCY });
}

/** Half-up division of whole numbers (non-negative numerator or not). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** "Malaysia" → "MYS"; a three-letter code as given; anything else as given, for validation to name. */
export function countryCode(country: string): string {
  const text = country.trim();
  if (/^(malaysia|my|mys)$/i.test(text)) return "MYS";
  return text.toUpperCase();
}

/** The state's code: a known name or code; 17 outside Malaysia; an unknown name as given (validation names it). */
export function stateCode(state: string, country: string): string {
  const text = state.trim();
  if (/^\d\d$/.test(text)) return text;
  const code = (STATE_CODES as Record<string, string>)[text];
  if (code) return code;
  if (countryCode(country) !== "MYS") return STATE_NOT_APPLICABLE;
  return text;
}

/** ISO date and time in UTC as the document wants them: "2026-11-29" and "21:48:57Z". */
export function issueDateTime(at: Date): { date: string; time: string } {
  const iso = at.toISOString();
  return { date: iso.slice(0, 10), time: `${iso.slice(11, 19)}Z` };
}

function taxTypeCode(line: EinvoiceLine): TaxTypeCode {
  if (line.tax_type === "exempt") return "E";
  if (line.tax_type === "not_applicable") return "06";
  return line.sst === "service" ? "02" : "01";
}

/** The rate in hundredths of a percent ("6" → 600n, "8.00" → 800n); 0 unless taxable. */
function rateHundredths(line: EinvoiceLine): bigint {
  return line.tax_type === "taxable" ? toSen(line.tax_rate) : 0n;
}

/** One line's figures in sen, exclusive of tax unless named otherwise. */
export interface LineFigures {
  code: TaxTypeCode;
  rate: bigint;
  net: bigint;
  tax: bigint;
  discount: bigint;
  subtotal: bigint;
  unitPrice: bigint;
}

/**
 * A line's exclusive figures: net = line_total − tax_amount (exact); the
 * discount's tax share taken out at the line's rate, half-up; subtotal =
 * net + discount; the unit price = subtotal / quantity, half-up.
 */
export function lineFigures(line: EinvoiceLine): LineFigures {
  const rate = rateHundredths(line);
  const total = toSen(line.line_total);
  const tax = toSen(line.tax_amount);
  const net = total - tax;
  const quantityThousandths = BigInt(Math.round(line.quantity * 1000));
  const gross =
    quantityThousandths > 0n
      ? divideHalfUp(toSen(line.unit_price) * quantityThousandths, 1000n)
      : 0n;
  const discountInclusive =
    line.discount !== undefined ? toSen(line.discount) : gross > total ? gross - total : 0n;
  const discount = divideHalfUp(discountInclusive * 10000n, 10000n + rate);
  const subtotal = net + discount;
  const unitPrice =
    quantityThousandths > 0n ? divideHalfUp(subtotal * 1000n, quantityThousandths) : subtotal;
  return { code: taxTypeCode(line), rate, net, tax, discount, subtotal, unitPrice };
}

/** Hundredths of a percent as the document's number: 600n → 6, 825n → 8.25. */
function percentOf(rate: bigint): number {
  return Number(fromSen(rate));
}

const TAX_SCHEME = [{ ID: wrap("OTH", { schemeID: "UN/ECE 5153", schemeAgencyID: "6" }) }];

function taxCategory(code: TaxTypeCode, exemptionReason: string | undefined): Json[] {
  const category: JsonObject = { ID: wrap(code) };
  if (code === "E") category.TaxExemptionReason = wrap(exemptionReason || DEFAULT_EXEMPTION_REASON);
  category.TaxScheme = TAX_SCHEME;
  return [category];
}

function partyJson(party: EinvoiceParty, withIndustry: boolean): JsonObject {
  const out: JsonObject = {};
  if (withIndustry) {
    out.IndustryClassificationCode = wrap(party.msic_code ?? "", {
      name: party.business_activity ?? "",
    });
  }
  const idType = party.id_type ?? "BRN";
  const idValue = party.id_value ?? (idType === "BRN" ? party.brn : undefined) ?? "NA";
  out.PartyIdentification = [
    { ID: wrap(party.tin, { schemeID: "TIN" }) },
    { ID: wrap(idValue, { schemeID: idType }) },
    { ID: wrap(party.sst_no || "NA", { schemeID: "SST" }) },
    { ID: wrap("NA", { schemeID: "TTX" }) },
  ];
  const address = party.address;
  const lines = [address.line1, address.line2].filter((l): l is string => Boolean(l?.trim()));
  const postal: JsonObject = { CityName: wrap(address.city) };
  if (address.postcode.trim()) postal.PostalZone = wrap(address.postcode.trim());
  postal.CountrySubentityCode = wrap(stateCode(address.state, address.country));
  postal.AddressLine = (lines.length > 0 ? lines : [""]).map((line) => ({ Line: wrap(line) }));
  postal.Country = [
    {
      IdentificationCode: wrap(countryCode(address.country), {
        listID: "ISO3166-1",
        listAgencyID: "6",
      }),
    },
  ];
  out.PostalAddress = [postal];
  out.PartyLegalEntity = [{ RegistrationName: wrap(party.name) }];
  const contact: JsonObject = { Telephone: wrap(party.phone?.trim() || "NA") };
  if (party.email?.trim()) contact.ElectronicMail = wrap(party.email.trim());
  out.Contact = [contact];
  return out;
}

/** A self-billed agent without a TIN: the general TIN with the MyKad, as the guideline allows individuals. */
function selfBilledSupplier(agent: EinvoiceParty): EinvoiceParty {
  const withTin: EinvoiceParty = agent.tin.trim()
    ? agent
    : { ...agent, tin: GENERAL_PUBLIC_TIN, id_type: agent.id_type ?? "NRIC" };
  return {
    ...withTin,
    msic_code: withTin.msic_code || MSIC_NOT_APPLICABLE,
    business_activity: withTin.business_activity || MSIC_NOT_APPLICABLE_NAME,
  };
}

function lineJson(line: EinvoiceLine, index: number, f: LineFigures, classification: string) {
  const out: JsonObject = {
    ID: wrap(String(index + 1)),
    InvoicedQuantity: wrap(line.quantity, { unitCode: line.unit_code ?? "C62" }),
    LineExtensionAmount: money(f.net),
  };
  if (f.discount !== 0n) {
    out.AllowanceCharge = [
      {
        ChargeIndicator: wrap(false),
        AllowanceChargeReason: wrap("Discount"),
        Amount: money(f.discount),
      },
    ];
  }
  out.TaxTotal = [
    {
      TaxAmount: money(f.tax),
      TaxSubtotal: [
        {
          TaxableAmount: money(f.net),
          TaxAmount: money(f.tax),
          Percent: wrap(percentOf(f.rate)),
          TaxCategory: taxCategory(f.code, line.exemption_reason),
        },
      ],
    },
  ];
  out.Item = [
    {
      CommodityClassification: [
        { ItemClassificationCode: wrap(classification, { listID: "CLASS" }) },
      ],
      Description: wrap(line.description),
    },
  ];
  out.Price = [{ PriceAmount: money(f.unitPrice) }];
  out.ItemPriceExtension = [{ Amount: money(f.subtotal) }];
  return out;
}

/** The document's tax subtotals: one per tax type and rate, in first-seen order. */
function taxSubtotals(lines: EinvoiceLine[], figures: LineFigures[]): Json[] {
  const groups = new Map<
    string,
    { code: TaxTypeCode; rate: bigint; net: bigint; tax: bigint; reason?: string }
  >();
  figures.forEach((f, i) => {
    const key = `${f.code}|${f.rate}`;
    const group = groups.get(key);
    if (group) {
      group.net += f.net;
      group.tax += f.tax;
    } else {
      groups.set(key, {
        code: f.code,
        rate: f.rate,
        net: f.net,
        tax: f.tax,
        reason: lines[i]?.exemption_reason,
      });
    }
  });
  return [...groups.values()].map((g) => ({
    TaxableAmount: money(g.net),
    TaxAmount: money(g.tax),
    Percent: wrap(percentOf(g.rate)),
    TaxCategory: taxCategory(g.code, g.reason),
  }));
}

/**
 * The MyInvois UBL 2.1 JSON of one document, version 1.0 (unsigned;
 * `signEinvoiceDocument` makes it 1.1). Data problems (a missing TIN, an
 * unknown state) are kept as given for `validateEinvoiceDocument` to name;
 * money that is not an amount throws.
 */
export function buildEinvoiceDocument(input: EinvoiceInput): EinvoiceDocument {
  const consolidated = input.consolidated === true;
  const supplier = input.type === "11" ? selfBilledSupplier(input.supplier) : input.supplier;
  const buyer = consolidated ? GENERAL_PUBLIC_BUYER : input.buyer;
  const figures = input.lines.map(lineFigures);
  const { date, time } = issueDateTime(input.issued_at);

  const lineExtension = figures.reduce((sum, f) => sum + f.net, 0n);
  const taxTotal = figures.reduce((sum, f) => sum + f.tax, 0n);
  const allowances = 0n;
  const charges = input.shipping ? toSen(input.shipping) : 0n;
  const taxExclusive = lineExtension - allowances + charges;
  const taxInclusive = taxExclusive + taxTotal;

  const invoice: JsonObject = {
    ID: wrap(input.id),
    IssueDate: wrap(date),
    IssueTime: wrap(time),
    InvoiceTypeCode: wrap(input.type, { listVersionID: "1.0" }),
    DocumentCurrencyCode: wrap(CURRENCY),
    TaxCurrencyCode: wrap(CURRENCY),
  };
  if (input.period) {
    invoice.InvoicePeriod = [
      {
        StartDate: wrap(input.period.from),
        EndDate: wrap(input.period.to),
        Description: wrap(consolidated ? "Monthly" : "Not Applicable"),
      },
    ];
  }
  if (input.original) {
    invoice.BillingReference = [
      {
        InvoiceDocumentReference: [
          { ID: wrap(input.original.internal_id), UUID: wrap(input.original.uuid) },
        ],
      },
    ];
  }
  invoice.AccountingSupplierParty = [{ Party: [partyJson(supplier, true)] }];
  invoice.AccountingCustomerParty = [{ Party: [partyJson(buyer, false)] }];
  if (charges !== 0n) {
    invoice.AllowanceCharge = [
      {
        ChargeIndicator: wrap(true),
        AllowanceChargeReason: wrap("Shipping"),
        Amount: money(charges),
      },
    ];
  }
  invoice.TaxTotal = [
    { TaxAmount: money(taxTotal), TaxSubtotal: taxSubtotals(input.lines, figures) },
  ];
  invoice.LegalMonetaryTotal = [
    {
      LineExtensionAmount: money(lineExtension),
      TaxExclusiveAmount: money(taxExclusive),
      TaxInclusiveAmount: money(taxInclusive),
      AllowanceTotalAmount: money(allowances),
      ChargeTotalAmount: money(charges),
      PayableAmount: money(taxInclusive),
    },
  ];
  invoice.InvoiceLine = input.lines.map((line, i) =>
    lineJson(
      line,
      i,
      figures[i]!,
      consolidated ? CLASSIFICATION_CONSOLIDATED : line.classification,
    ),
  );
  return { ...UBL_NAMESPACES, Invoice: [invoice] };
}

/** The exact bytes sent: the document minified (JSON.stringify keeps the built key order), UTF-8. */
export function documentBytes(doc: EinvoiceDocument): Buffer {
  return Buffer.from(JSON.stringify(doc), "utf8");
}

/** What the submission API wants: `documentHash` (SHA-256 hex of exactly these bytes) and `document` (their base64). */
export function documentHash(bytes: Buffer): { hash: string; base64: string } {
  return {
    hash: createHash("sha256").update(bytes).digest("hex"),
    base64: bytes.toString("base64"),
  };
}
