/**
 * The guideline's rules for a built document, checked before it leaves
 * (docs/decisions/einvoice-documents.md): mandatory fields, codes from their
 * lists, the TIN's shape, and the amounts adding up exactly in sen. Each
 * problem names its path in the document ("Invoice.0.InvoiceLine.1.Item.0…").
 */
import { BUYER_ID_TYPES, EINVOICE_TYPES, toSen } from "@store/contract";
import { z } from "zod";
import { STATE_CODE_LIST, TAX_TYPE_CODES } from "./documentTypes";

export interface EinvoiceProblem {
  path: string;
  message: string;
}

/** TIN: one or two letters then 9 to 12 digits (C…, IG…, EI00000000010). */
export const TIN_PATTERN = /^[A-Z]{1,2}\d{9,12}$/;
const AMOUNT_TEXT = /^\d+(\.\d{1,2})?$/;

const required = z.string().trim().min(1, "is required");
const val = <T extends z.ZodType>(schema: T) => z.array(z.object({ _: schema })).length(1);
const one = <T extends z.ZodType>(schema: T) => z.array(schema).length(1);

/** An amount: a non-negative number whose decimal text has at most two places. */
const amount = z
  .number()
  .refine(
    (n) => AMOUNT_TEXT.test(String(n)),
    "must be an amount of at least 0 with at most 2 decimal places",
  );
const money = z.array(z.object({ _: amount, currencyID: z.literal("MYR") })).length(1);
const date = val(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD"));

const partyIdentification = z
  .array(
    z.object({
      ID: one(
        z.object({
          _: z.string(),
          schemeID: z.enum(["TIN", ...BUYER_ID_TYPES, "SST", "TTX"]),
        }),
      ),
    }),
  )
  .superRefine((ids, ctx) => {
    const tins = ids
      .map((entry, i) => ({ id: entry.ID[0]!, i }))
      .filter((e) => e.id.schemeID === "TIN");
    if (tins.length !== 1) ctx.addIssue({ code: "custom", message: "needs exactly one TIN" });
    for (const { id, i } of tins) {
      if (!TIN_PATTERN.test(id._)) {
        ctx.addIssue({
          code: "custom",
          path: [i, "ID", 0, "_"],
          message: id._ ? "TIN must be 1-2 letters then 9-12 digits" : "TIN is required",
        });
      }
    }
    const registrations = ids
      .map((entry, i) => ({ id: entry.ID[0]!, i }))
      .filter((e) => (BUYER_ID_TYPES as readonly string[]).includes(e.id.schemeID));
    if (registrations.length !== 1) {
      ctx.addIssue({ code: "custom", message: "needs exactly one of BRN, NRIC, PASSPORT or ARMY" });
    }
    for (const { id, i } of registrations) {
      if (!id._.trim()) {
        ctx.addIssue({
          code: "custom",
          path: [i, "ID", 0, "_"],
          message: `${id.schemeID} is required`,
        });
      }
    }
    ids.forEach((entry, i) => {
      if (entry.ID[0]!.schemeID === "SST" && !entry.ID[0]!._.trim()) {
        ctx.addIssue({
          code: "custom",
          path: [i, "ID", 0, "_"],
          message: 'SST number is required ("NA" when none)',
        });
      }
    });
  });

const postalAddress = z.object({
  CityName: val(required),
  PostalZone: val(z.string().regex(/^[A-Za-z0-9 -]{0,50}$/, "must be a postcode")).optional(),
  CountrySubentityCode: val(
    z.string().refine((s) => STATE_CODE_LIST.includes(s), "must be a state code 01-17"),
  ),
  AddressLine: z.array(z.object({ Line: val(required) })).min(1),
  Country: one(
    z.object({
      IdentificationCode: one(
        z.object({ _: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 3166-1 alpha-3 code") }),
      ),
    }),
  ),
});

const partyBase = {
  PartyIdentification: partyIdentification,
  PostalAddress: one(postalAddress),
  PartyLegalEntity: one(z.object({ RegistrationName: val(required.max(300)) })),
  Contact: one(
    z.object({
      Telephone: val(required),
      ElectronicMail: val(z.email("must be an email address")).optional(),
    }),
  ),
};

const supplierParty = z.object({
  IndustryClassificationCode: one(
    z.object({ _: z.string().regex(/^\d{5}$/, "MSIC code must be 5 digits"), name: required }),
  ),
  ...partyBase,
});
const customerParty = z.object(partyBase);

const taxCategory = one(
  z.object({
    ID: val(z.enum(TAX_TYPE_CODES, "must be a tax type code (01-06 or E)")),
    TaxExemptionReason: val(required.max(300)).optional(),
    TaxScheme: one(z.object({ ID: val(z.literal("OTH")) })),
  }),
);
const taxSubtotal = z.object({
  TaxableAmount: money,
  TaxAmount: money,
  Percent: val(z.number().min(0).max(100)).optional(),
  TaxCategory: taxCategory,
});
const taxTotal = one(z.object({ TaxAmount: money, TaxSubtotal: z.array(taxSubtotal).min(1) }));
const allowanceCharge = z.object({
  ChargeIndicator: val(z.boolean()),
  AllowanceChargeReason: val(z.string()).optional(),
  Amount: money,
});

const invoiceLine = z.object({
  ID: val(required),
  InvoicedQuantity: one(
    z.object({ _: z.number().positive("must be above 0"), unitCode: z.string().min(1).optional() }),
  ),
  LineExtensionAmount: money,
  AllowanceCharge: z.array(allowanceCharge).optional(),
  TaxTotal: taxTotal,
  Item: one(
    z.object({
      CommodityClassification: z
        .array(
          z.object({
            ItemClassificationCode: one(
              z.object({
                _: z.string().regex(/^\d{3}$/, "classification code is required (3 digits)"),
                listID: z.literal("CLASS"),
              }),
            ),
          }),
        )
        .min(1),
      Description: val(required.max(300)),
    }),
  ),
  Price: one(z.object({ PriceAmount: money })),
  ItemPriceExtension: one(z.object({ Amount: money })),
});

const invoice = z.object({
  ID: val(required.max(50)),
  IssueDate: date,
  IssueTime: val(z.string().regex(/^\d{2}:\d{2}:\d{2}Z$/, "must be a UTC time HH:MM:SSZ")),
  InvoiceTypeCode: one(
    z.object({ _: z.enum(EINVOICE_TYPES), listVersionID: z.enum(["1.0", "1.1"]) }),
  ),
  DocumentCurrencyCode: val(z.literal("MYR")),
  TaxCurrencyCode: val(z.literal("MYR")).optional(),
  InvoicePeriod: one(
    z.object({ StartDate: date, EndDate: date, Description: val(required) }),
  ).optional(),
  BillingReference: z
    .array(
      z.object({
        InvoiceDocumentReference: one(z.object({ ID: val(required), UUID: val(required) })),
      }),
    )
    .optional(),
  AccountingSupplierParty: one(z.object({ Party: one(supplierParty) })),
  AccountingCustomerParty: one(z.object({ Party: one(customerParty) })),
  AllowanceCharge: z.array(allowanceCharge).optional(),
  TaxTotal: taxTotal,
  LegalMonetaryTotal: one(
    z.object({
      LineExtensionAmount: money,
      TaxExclusiveAmount: money,
      TaxInclusiveAmount: money,
      AllowanceTotalAmount: money,
      ChargeTotalAmount: money,
      PayableRoundingAmount: money.optional(),
      PayableAmount: money,
    }),
  ),
  InvoiceLine: z.array(invoiceLine).min(1),
  UBLExtensions: z.array(z.unknown()).optional(),
  Signature: z.array(z.unknown()).optional(),
});

export const einvoiceDocumentSchema = z.object({
  _D: z.literal("urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"),
  _A: z.literal("urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"),
  _B: z.literal("urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"),
  Invoice: one(invoice),
});
type ParsedInvoice = z.infer<typeof invoice>;
type Money = z.infer<typeof money>;
type Subtotal = z.infer<typeof taxSubtotal>;

const sen = (m: Money): bigint => toSen(String(m[0]!._));
const sum = <T>(items: readonly T[], of: (item: T) => bigint): bigint =>
  items.reduce((total, item) => total + of(item), 0n);

/** Exempt and not-applicable subtotals carry no tax; an exemption says why. */
function checkSubtotal(s: Subtotal, path: string, problems: EinvoiceProblem[]): void {
  const code = s.TaxCategory[0]!.ID[0]!._;
  if ((code === "E" || code === "06") && sen(s.TaxAmount) !== 0n) {
    problems.push({ path: `${path}.TaxAmount`, message: `tax type ${code} carries no tax` });
  }
  if (code === "E" && !s.TaxCategory[0]!.TaxExemptionReason) {
    problems.push({
      path: `${path}.TaxCategory.0.TaxExemptionReason`,
      message: "an exempt line says why",
    });
  }
}

/** The amounts add up: lines to the totals, subtotals to the tax total, payable from the rest. */
function checkAmounts(inv: ParsedInvoice, problems: EinvoiceProblem[]): void {
  const add = (path: string, actual: bigint, expected: bigint, what: string) => {
    if (actual !== expected)
      problems.push({ path: `Invoice.0.${path}`, message: `${what} does not add up` });
  };
  inv.InvoiceLine.forEach((line, i) => {
    const p = `InvoiceLine.${i}`;
    const allowances = sum(line.AllowanceCharge ?? [], (a) =>
      a.ChargeIndicator[0]!._ ? 0n : sen(a.Amount),
    );
    const charges = sum(line.AllowanceCharge ?? [], (a) =>
      a.ChargeIndicator[0]!._ ? sen(a.Amount) : 0n,
    );
    const net = sen(line.LineExtensionAmount);
    add(
      `${p}.LineExtensionAmount`,
      net,
      sen(line.ItemPriceExtension[0]!.Amount) - allowances + charges,
      "the line's subtotal less discounts",
    );
    const lineTax = line.TaxTotal[0]!;
    add(
      `${p}.TaxTotal.0.TaxAmount`,
      sen(lineTax.TaxAmount),
      sum(lineTax.TaxSubtotal, (s) => sen(s.TaxAmount)),
      "the line's tax",
    );
    add(
      `${p}.TaxTotal.0.TaxSubtotal.0.TaxableAmount`,
      sum(lineTax.TaxSubtotal, (s) => sen(s.TaxableAmount)),
      net,
      "the line's taxable amount",
    );
    lineTax.TaxSubtotal.forEach((s, j) => {
      checkSubtotal(s, `Invoice.0.${p}.TaxTotal.0.TaxSubtotal.${j}`, problems);
    });
  });
  const totals = inv.LegalMonetaryTotal[0]!;
  const lineExtension = sen(totals.LineExtensionAmount);
  add(
    "LegalMonetaryTotal.0.LineExtensionAmount",
    lineExtension,
    sum(inv.InvoiceLine, (l) => sen(l.LineExtensionAmount)),
    "the lines' total",
  );
  const docTax = inv.TaxTotal[0]!;
  const tax = sen(docTax.TaxAmount);
  add(
    "TaxTotal.0.TaxAmount",
    tax,
    sum(docTax.TaxSubtotal, (s) => sen(s.TaxAmount)),
    "the tax subtotals",
  );
  add(
    "TaxTotal.0.TaxAmount",
    tax,
    sum(inv.InvoiceLine, (l) => sen(l.TaxTotal[0]!.TaxAmount)),
    "the lines' tax",
  );
  add(
    "TaxTotal.0.TaxSubtotal",
    sum(docTax.TaxSubtotal, (s) => sen(s.TaxableAmount)),
    lineExtension,
    "the taxable amounts",
  );
  docTax.TaxSubtotal.forEach((s, j) => {
    checkSubtotal(s, `Invoice.0.TaxTotal.0.TaxSubtotal.${j}`, problems);
  });
  const docAllowances = sum(inv.AllowanceCharge ?? [], (a) =>
    a.ChargeIndicator[0]!._ ? 0n : sen(a.Amount),
  );
  const docCharges = sum(inv.AllowanceCharge ?? [], (a) =>
    a.ChargeIndicator[0]!._ ? sen(a.Amount) : 0n,
  );
  const allowances = sen(totals.AllowanceTotalAmount);
  const charges = sen(totals.ChargeTotalAmount);
  add(
    "LegalMonetaryTotal.0.AllowanceTotalAmount",
    allowances,
    docAllowances,
    "the document's allowances",
  );
  add("LegalMonetaryTotal.0.ChargeTotalAmount", charges, docCharges, "the document's charges");
  const exclusive = sen(totals.TaxExclusiveAmount);
  add(
    "LegalMonetaryTotal.0.TaxExclusiveAmount",
    exclusive,
    lineExtension - allowances + charges,
    "the total excluding tax",
  );
  const inclusive = sen(totals.TaxInclusiveAmount);
  add(
    "LegalMonetaryTotal.0.TaxInclusiveAmount",
    inclusive,
    exclusive + tax,
    "the total including tax",
  );
  const rounding = totals.PayableRoundingAmount ? sen(totals.PayableRoundingAmount) : 0n;
  add(
    "LegalMonetaryTotal.0.PayableAmount",
    sen(totals.PayableAmount),
    inclusive + rounding,
    "the payable amount",
  );
}

/** Rules across fields: a note names its original; a 1.1 document carries its signature. */
function checkReferences(inv: ParsedInvoice, problems: EinvoiceProblem[]): void {
  const type = inv.InvoiceTypeCode[0]!;
  if ((type._ === "02" || type._ === "04") && !inv.BillingReference?.length) {
    problems.push({
      path: "Invoice.0.BillingReference",
      message: "a credit or refund note names the original's uuid",
    });
  }
  if (type.listVersionID === "1.1" && !(inv.UBLExtensions?.length && inv.Signature?.length)) {
    problems.push({ path: "Invoice.0.UBLExtensions", message: "a version 1.1 document is signed" });
  }
}

/** Every problem in the document (path and message); none for a document the guideline accepts. */
export function validateEinvoiceDocument(doc: unknown): EinvoiceProblem[] {
  const parsed = einvoiceDocumentSchema.safeParse(doc);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join("."),
      message: issue.message,
    }));
  }
  const problems: EinvoiceProblem[] = [];
  const inv = parsed.data.Invoice[0]!;
  checkReferences(inv, problems);
  checkAmounts(inv, problems);
  return problems;
}
