/**
 * LHDN e-invoice documents (docs/decisions/einvoice-documents.md): each type
 * builds in MyInvois UBL 2.1 JSON and passes the guideline's rules with exact
 * amounts; a missing mandatory field is named by its path; the hash is of the
 * exact bytes; a signed document verifies with the test certificate and fails
 * when one byte changes. Pure code: no database, no HTTP.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fromSen, sumMoney, toSen } from "@store/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildEinvoiceDocument,
  documentBytes,
  documentHash,
  type EinvoiceDocument,
} from "../src/modules/einvoices/document";
import { validateEinvoiceDocument } from "../src/modules/einvoices/documentSchema";
import {
  signEinvoiceDocument,
  verifyEinvoiceSignature,
} from "../src/modules/einvoices/documentSignature";
import type {
  EinvoiceInput,
  EinvoiceLine,
  EinvoiceParty,
} from "../src/modules/einvoices/documentTypes";

const FIXTURES = path.resolve(import.meta.dirname, "fixtures/einvoice");
const KEYS = {
  certificatePem: readFileSync(path.join(FIXTURES, "test-signing-cert.pem"), "utf8"),
  privateKeyPem: readFileSync(path.join(FIXTURES, "test-signing-key.pem"), "utf8"),
};

const STORE: EinvoiceParty = {
  tin: "C25845632020",
  brn: "202001234567",
  sst_no: "W10-1808-32000001",
  msic_code: "47912",
  business_activity: "Retail sale of any kind of product over the Internet",
  name: "Test Store Sdn Bhd",
  email: "accounts@teststore.my",
  phone: "+60312345678",
  address: {
    line1: "Lot 66, Bangunan Merdeka",
    line2: "Persiaran Jaya",
    city: "Petaling Jaya",
    postcode: "46000",
    state: "Selangor",
    country: "Malaysia",
  },
};

const BUYER: EinvoiceParty = {
  tin: "C20880050010",
  id_type: "BRN",
  id_value: "201901000005",
  name: "Kedai Runcit Ah Seng Sdn Bhd",
  phone: "+6041234567",
  address: {
    line1: "12 Jalan Burma",
    city: "George Town",
    postcode: "10050",
    state: "Pulau Pinang",
    country: "Malaysia",
  },
};

const AGENT: EinvoiceParty = {
  tin: "",
  id_type: "NRIC",
  id_value: "880101145678",
  name: "Siti Aminah binti Abu",
  phone: "+60123456789",
  address: {
    line1: "3 Jalan Kenari",
    city: "Kuala Lumpur",
    postcode: "50450",
    state: "Wilayah Persekutuan Kuala Lumpur",
    country: "Malaysia",
  },
};

/** 2 × RM 106.00 at 6% sales tax, and RM 50.00 exempt with RM 5.00 off. */
const LINES: EinvoiceLine[] = [
  {
    description: "Herbal tea 500g",
    quantity: 2,
    unit_price: "106.00",
    line_total: "212.00",
    tax_type: "taxable",
    tax_rate: "6",
    tax_amount: "12.00",
    classification: "022",
  },
  {
    description: "Rice 10kg",
    quantity: 1,
    unit_price: "50.00",
    line_total: "45.00",
    discount: "5.00",
    tax_type: "exempt",
    tax_rate: "0",
    tax_amount: "0.00",
    classification: "022",
  },
];

const ISSUED = new Date("2026-11-29T14:05:09.123Z");

function input(overrides: Partial<EinvoiceInput> = {}): EinvoiceInput {
  return {
    type: "01",
    id: "INV-ORD123",
    issued_at: ISSUED,
    supplier: STORE,
    buyer: BUYER,
    lines: LINES,
    shipping: "10.00",
    ...overrides,
  };
}

/** The value at a dotted path of keys and indexes ("PostalAddress.0.CityName"), for assertions. */
function at(value: unknown, dotted: string): unknown {
  return dotted
    .split(".")
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === "object"
          ? (node as Record<string, unknown>)[key]
          : undefined,
      value,
    );
}
/** The array at a dotted path. */
function list(value: unknown, dotted: string): unknown[] {
  const found = at(value, dotted);
  if (!Array.isArray(found)) throw new Error(`${dotted} is not an array`);
  return found;
}
/** Changes the value at a dotted path: a document tampered with. */
function put(value: unknown, dotted: string, next: unknown): void {
  const keys = dotted.split(".");
  const last = keys.pop()!;
  (at(value, keys.join(".")) as Record<string, unknown>)[last] = next;
}
const invoiceOf = (doc: EinvoiceDocument): unknown => at(doc, "Invoice.0");
const amount = (node: unknown): string => fromSen(toSen(String((node as { _: number }[])[0]!._)));

describe("building each type", () => {
  it("an invoice (01) has every mandatory field and exact amounts", () => {
    const doc = buildEinvoiceDocument(input());
    expect(validateEinvoiceDocument(doc)).toEqual([]);
    const inv = invoiceOf(doc);
    expect(doc._D).toBe("urn:oasis:names:specification:ubl:schema:xsd:Invoice-2");
    expect(at(inv, "ID")).toEqual([{ _: "INV-ORD123" }]);
    expect(at(inv, "IssueDate")).toEqual([{ _: "2026-11-29" }]);
    expect(at(inv, "IssueTime")).toEqual([{ _: "14:05:09Z" }]);
    expect(at(inv, "InvoiceTypeCode")).toEqual([{ _: "01", listVersionID: "1.0" }]);
    expect(at(inv, "DocumentCurrencyCode")).toEqual([{ _: "MYR" }]);

    const supplier = at(inv, "AccountingSupplierParty.0.Party.0");
    expect(at(supplier, "IndustryClassificationCode")).toEqual([
      { _: "47912", name: "Retail sale of any kind of product over the Internet" },
    ]);
    expect(list(supplier, "PartyIdentification").map((p) => at(p, "ID.0"))).toEqual([
      { _: "C25845632020", schemeID: "TIN" },
      { _: "202001234567", schemeID: "BRN" },
      { _: "W10-1808-32000001", schemeID: "SST" },
      { _: "NA", schemeID: "TTX" },
    ]);
    expect(at(supplier, "PostalAddress.0.CountrySubentityCode")).toEqual([{ _: "10" }]);
    expect(at(supplier, "PostalAddress.0.Country.0.IdentificationCode.0._")).toBe("MYS");
    const customer = at(inv, "AccountingCustomerParty.0.Party.0");
    expect(at(customer, "PostalAddress.0.CountrySubentityCode")).toEqual([{ _: "07" }]);
    expect(at(customer, "PartyIdentification.2.ID.0")).toEqual({ _: "NA", schemeID: "SST" });
    expect(at(customer, "PartyLegalEntity.0.RegistrationName.0._")).toBe(
      "Kedai Runcit Ah Seng Sdn Bhd",
    );

    const [tea, rice] = list(inv, "InvoiceLine");
    expect(at(tea, "InvoicedQuantity")).toEqual([{ _: 2, unitCode: "C62" }]);
    expect(amount(at(tea, "Price.0.PriceAmount"))).toBe("100.00");
    expect(amount(at(tea, "ItemPriceExtension.0.Amount"))).toBe("200.00");
    expect(amount(at(tea, "LineExtensionAmount"))).toBe("200.00");
    expect(at(tea, "TaxTotal.0.TaxSubtotal.0.TaxCategory.0.ID")).toEqual([{ _: "01" }]);
    expect(at(tea, "TaxTotal.0.TaxSubtotal.0.Percent")).toEqual([{ _: 6 }]);
    expect(amount(at(tea, "TaxTotal.0.TaxAmount"))).toBe("12.00");
    expect(at(tea, "Item.0.CommodityClassification.0.ItemClassificationCode")).toEqual([
      { _: "022", listID: "CLASS" },
    ]);
    expect(amount(at(rice, "AllowanceCharge.0.Amount"))).toBe("5.00");
    expect(amount(at(rice, "LineExtensionAmount"))).toBe("45.00");
    expect(at(rice, "TaxTotal.0.TaxSubtotal.0.TaxCategory.0.ID")).toEqual([{ _: "E" }]);
    expect(at(rice, "TaxTotal.0.TaxSubtotal.0.TaxCategory.0.TaxExemptionReason.0._")).toBeTruthy();

    const totals = at(inv, "LegalMonetaryTotal.0");
    expect(amount(at(totals, "LineExtensionAmount"))).toBe("245.00");
    expect(amount(at(totals, "ChargeTotalAmount"))).toBe("10.00");
    expect(amount(at(totals, "AllowanceTotalAmount"))).toBe("0.00");
    expect(amount(at(totals, "TaxExclusiveAmount"))).toBe("255.00");
    expect(amount(at(totals, "TaxInclusiveAmount"))).toBe("267.00");
    // What the buyer paid: the lines' totals and the shipping.
    expect(amount(at(totals, "PayableAmount"))).toBe("267.00");
    expect(amount(at(inv, "TaxTotal.0.TaxAmount"))).toBe("12.00");
    expect(list(inv, "TaxTotal.0.TaxSubtotal").map((s) => at(s, "TaxCategory.0.ID.0._"))).toEqual([
      "01",
      "E",
    ]);
    expect(at(inv, "BillingReference")).toBeUndefined();
  });

  it.each([
    ["02", "CN-ORD123-1"],
    ["04", "RN-ORD123-1"],
  ] as const)("a %s note references the original's uuid and internal id", (type, id) => {
    const original = { uuid: "F9D425P6DS7D8IU2T8QNP4WS10", internal_id: "INV-ORD123" };
    const doc = buildEinvoiceDocument(
      input({ type, id, lines: [LINES[0]!], shipping: undefined, original }),
    );
    expect(validateEinvoiceDocument(doc)).toEqual([]);
    const inv = invoiceOf(doc);
    expect(at(inv, "InvoiceTypeCode.0._")).toBe(type);
    expect(at(inv, "BillingReference")).toEqual([
      {
        InvoiceDocumentReference: [
          { ID: [{ _: "INV-ORD123" }], UUID: [{ _: "F9D425P6DS7D8IU2T8QNP4WS10" }] },
        ],
      },
    ]);
    expect(amount(at(inv, "LegalMonetaryTotal.0.PayableAmount"))).toBe("212.00");
    // Without the original, the note is refused.
    const orphan = buildEinvoiceDocument(input({ type, id, original: undefined }));
    expect(validateEinvoiceDocument(orphan)).toContainEqual({
      path: "Invoice.0.BillingReference",
      message: expect.any(String),
    });
  });

  it("the consolidated invoice goes to the general public with code 004 for the month", () => {
    const doc = buildEinvoiceDocument(
      input({
        id: "CON-2026-11",
        consolidated: true,
        buyer: BUYER,
        period: { from: "2026-11-01", to: "2026-11-30" },
        shipping: undefined,
        lines: [
          { ...LINES[0]!, description: "Order ORD-101", quantity: 1, unit_price: "212.00" },
          {
            ...LINES[1]!,
            description: "Order ORD-102",
            quantity: 1,
            unit_price: "45.00",
            discount: undefined,
          },
        ],
      }),
    );
    expect(validateEinvoiceDocument(doc)).toEqual([]);
    const inv = invoiceOf(doc);
    const buyer = at(inv, "AccountingCustomerParty.0.Party.0");
    expect(at(buyer, "PartyIdentification.0.ID.0")).toEqual({
      _: "EI00000000010",
      schemeID: "TIN",
    });
    expect(at(buyer, "PartyIdentification.1.ID.0")).toEqual({ _: "NA", schemeID: "BRN" });
    expect(at(buyer, "PartyLegalEntity.0.RegistrationName.0._")).toBe("General Public");
    expect(at(buyer, "PostalAddress.0.CountrySubentityCode.0._")).toBe("17");
    for (const line of list(inv, "InvoiceLine")) {
      expect(at(line, "Item.0.CommodityClassification.0.ItemClassificationCode.0._")).toBe("004");
    }
    expect(list(inv, "InvoiceLine").map((l) => at(l, "Item.0.Description.0._"))).toEqual([
      "Order ORD-101",
      "Order ORD-102",
    ]);
    expect(at(inv, "InvoicePeriod")).toEqual([
      {
        StartDate: [{ _: "2026-11-01" }],
        EndDate: [{ _: "2026-11-30" }],
        Description: [{ _: "Monthly" }],
      },
    ]);
    expect(amount(at(inv, "LegalMonetaryTotal.0.PayableAmount"))).toBe("257.00");
  });

  it("a self-billed invoice (11) has the agent as supplier and the store as buyer", () => {
    const commission: EinvoiceLine = {
      description: "Commission, period 2026-11",
      quantity: 1,
      unit_price: "1234.56",
      line_total: "1234.56",
      tax_type: "not_applicable",
      tax_rate: "0",
      tax_amount: "0.00",
      classification: "037",
    };
    const doc = buildEinvoiceDocument(
      input({
        type: "11",
        id: "SB-2026-11-7",
        supplier: AGENT,
        buyer: STORE,
        lines: [commission],
        shipping: undefined,
      }),
    );
    expect(validateEinvoiceDocument(doc)).toEqual([]);
    const inv = invoiceOf(doc);
    const supplier = at(inv, "AccountingSupplierParty.0.Party.0");
    // No TIN known: the general TIN with the agent's MyKad, as for individuals.
    expect(at(supplier, "PartyIdentification.0.ID.0")).toEqual({
      _: "EI00000000010",
      schemeID: "TIN",
    });
    expect(at(supplier, "PartyIdentification.1.ID.0")).toEqual({
      _: "880101145678",
      schemeID: "NRIC",
    });
    expect(at(supplier, "IndustryClassificationCode")).toEqual([
      { _: "00000", name: "NOT APPLICABLE" },
    ]);
    expect(at(supplier, "PostalAddress.0.CountrySubentityCode.0._")).toBe("14");
    const buyer = at(inv, "AccountingCustomerParty.0.Party.0");
    expect(at(buyer, "PartyIdentification.0.ID.0")).toEqual({ _: "C25845632020", schemeID: "TIN" });
    expect(at(inv, "InvoiceLine.0.TaxTotal.0.TaxSubtotal.0.TaxCategory.0.ID.0._")).toBe("06");
    expect(amount(at(inv, "LegalMonetaryTotal.0.PayableAmount"))).toBe("1234.56");

    const withTin = buildEinvoiceDocument(
      input({
        type: "11",
        id: "SB-2026-11-8",
        supplier: { ...AGENT, tin: "IG21136626090" },
        buyer: STORE,
        lines: [commission],
      }),
    );
    expect(
      at(invoiceOf(withTin), "AccountingSupplierParty.0.Party.0.PartyIdentification.0.ID.0._"),
    ).toBe("IG21136626090");
  });
});

describe("validation names what is wrong", () => {
  const SUPPLIER = "Invoice.0.AccountingSupplierParty.0.Party.0";

  it("a supplier without a TIN", () => {
    const problems = validateEinvoiceDocument(
      buildEinvoiceDocument(input({ supplier: { ...STORE, tin: "" } })),
    );
    expect(problems).toEqual([
      { path: `${SUPPLIER}.PartyIdentification.0.ID.0._`, message: "TIN is required" },
    ]);
  });

  it("a TIN of the wrong shape", () => {
    const problems = validateEinvoiceDocument(
      buildEinvoiceDocument(input({ buyer: { ...BUYER, tin: "12345" } })),
    );
    expect(problems).toEqual([
      {
        path: "Invoice.0.AccountingCustomerParty.0.Party.0.PartyIdentification.0.ID.0._",
        message: "TIN must be 1-2 letters then 9-12 digits",
      },
    ]);
  });

  it("a line without a classification", () => {
    const lines = [LINES[0]!, { ...LINES[1]!, classification: "" }];
    const problems = validateEinvoiceDocument(buildEinvoiceDocument(input({ lines })));
    expect(problems).toEqual([
      {
        path: "Invoice.0.InvoiceLine.1.Item.0.CommodityClassification.0.ItemClassificationCode.0._",
        message: "classification code is required (3 digits)",
      },
    ]);
  });

  it("a state that is not Malaysia's", () => {
    const supplier = { ...STORE, address: { ...STORE.address, state: "Selangorr" } };
    const problems = validateEinvoiceDocument(buildEinvoiceDocument(input({ supplier })));
    expect(problems).toEqual([
      {
        path: `${SUPPLIER}.PostalAddress.0.CountrySubentityCode.0._`,
        message: "must be a state code 01-17",
      },
    ]);
  });

  it("a supplier without an MSIC code and a line without a description", () => {
    const supplier = { ...STORE, msic_code: undefined };
    const lines = [{ ...LINES[0]!, description: " " }];
    const paths = validateEinvoiceDocument(buildEinvoiceDocument(input({ supplier, lines }))).map(
      (p) => p.path,
    );
    expect(paths).toEqual([
      `${SUPPLIER}.IndustryClassificationCode.0._`,
      "Invoice.0.InvoiceLine.0.Item.0.Description.0._",
    ]);
  });

  it("amounts that do not add up", () => {
    const doc = buildEinvoiceDocument(input());
    const inv = invoiceOf(doc);
    put(inv, "LegalMonetaryTotal.0.PayableAmount.0._", 266.99);
    put(inv, "InvoiceLine.0.TaxTotal.0.TaxAmount.0._", 12.01);
    expect(validateEinvoiceDocument(doc).map((p) => p.path)).toEqual([
      "Invoice.0.InvoiceLine.0.TaxTotal.0.TaxAmount",
      "Invoice.0.TaxTotal.0.TaxAmount",
      "Invoice.0.LegalMonetaryTotal.0.PayableAmount",
    ]);
    put(inv, "LegalMonetaryTotal.0.PayableAmount.0._", 267.001);
    expect(validateEinvoiceDocument(doc)).toContainEqual({
      path: "Invoice.0.LegalMonetaryTotal.0.PayableAmount.0._",
      message: "must be an amount of at least 0 with at most 2 decimal places",
    });
  });
});

/** A random line as the e-invoices service would give it: tax included, its share taken out half-up. */
const lineArbitrary: fc.Arbitrary<EinvoiceLine> = fc
  .record({
    quantity: fc.integer({ min: 1, max: 50 }),
    unitSen: fc.bigInt({ min: 0n, max: 5_000_000n }),
    discountPermille: fc.integer({ min: 0, max: 1000 }),
    kind: fc.constantFrom("taxable", "exempt", "not_applicable" as const),
    rate: fc.constantFrom("5", "6", "8", "10"),
    sst: fc.constantFrom("sales", "service" as const),
    classification: fc.constantFrom("001", "022", "037"),
    description: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0),
  })
  .map((r) => {
    const gross = r.unitSen * BigInt(r.quantity);
    const discount = (gross * BigInt(r.discountPermille)) / 1000n;
    const total = gross - discount;
    const rate = r.kind === "taxable" ? toSen(r.rate) : 0n;
    const tax = (2n * total * rate + 10000n + rate) / (2n * (10000n + rate));
    return {
      description: r.description,
      quantity: r.quantity,
      unit_price: fromSen(r.unitSen),
      line_total: fromSen(total),
      discount: fromSen(discount),
      tax_type: r.kind,
      tax_rate: r.kind === "taxable" ? r.rate : "0",
      tax_amount: fromSen(tax),
      classification: r.classification,
      sst: r.sst,
    } satisfies EinvoiceLine;
  });

describe("any valid input", () => {
  it("builds a document that validates and pays exactly the lines and the shipping", () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { minLength: 1, maxLength: 12 }),
        fc.bigInt({ min: 0n, max: 100_000n }),
        fc.constantFrom("01", "02", "04", "11" as const),
        fc.boolean(),
        (lines, shippingSen, type, consolidated) => {
          const doc = buildEinvoiceDocument(
            input({
              type,
              lines,
              shipping: fromSen(shippingSen),
              consolidated: type === "01" && consolidated,
              original:
                type === "02" || type === "04"
                  ? { uuid: "ABC123", internal_id: "INV-1" }
                  : undefined,
            }),
          );
          expect(validateEinvoiceDocument(doc)).toEqual([]);
          const totals = at(invoiceOf(doc), "LegalMonetaryTotal.0");
          const paid = sumMoney([...lines.map((l) => l.line_total), fromSen(shippingSen)]);
          expect(amount(at(totals, "PayableAmount"))).toBe(paid);
          expect(amount(at(invoiceOf(doc), "TaxTotal.0.TaxAmount"))).toBe(
            sumMoney(lines.map((l) => l.tax_amount)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("the exact bytes", () => {
  it("the hash is SHA-256 of the bytes sent and the same input gives the same bytes", () => {
    const bytes = documentBytes(buildEinvoiceDocument(input()));
    const again = documentBytes(buildEinvoiceDocument(input()));
    expect(again.equals(bytes)).toBe(true);
    const { hash, base64 } = documentHash(bytes);
    expect(hash).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(base64, "base64").equals(bytes)).toBe(true);
    // Minified UTF-8 JSON with amounts as exact numbers.
    const text = bytes.toString("utf8");
    expect(text).not.toMatch(/\n|": /);
    expect(text).toContain('"PayableAmount":[{"_":267,"currencyID":"MYR"}]');
    expect(JSON.parse(text)).toEqual(buildEinvoiceDocument(input()));
  });

  it("a different amount gives a different hash", () => {
    const a = documentHash(documentBytes(buildEinvoiceDocument(input()))).hash;
    const b = documentHash(documentBytes(buildEinvoiceDocument(input({ shipping: "10.01" })))).hash;
    expect(a).not.toBe(b);
  });
});

describe("the signature (version 1.1)", () => {
  const SIGNED_PROPERTIES =
    "Invoice.0.UBLExtensions.0.UBLExtension.0.ExtensionContent.0.UBLDocumentSignatures.0.SignatureInformation.0.Signature.0.Object.0.QualifyingProperties.0.SignedProperties.0";
  const SERIAL =
    "SignedSignatureProperties.0.SigningCertificate.0.Cert.0.IssuerSerial.0.X509SerialNumber.0._";
  const signingTime = new Date("2026-11-29T14:06:00Z");

  it("a signed document is 1.1, validates and verifies with the test certificate", () => {
    const unsigned = buildEinvoiceDocument(input());
    const signed = signEinvoiceDocument(unsigned, KEYS, signingTime);
    const inv = invoiceOf(signed);
    expect(at(inv, "InvoiceTypeCode")).toEqual([{ _: "01", listVersionID: "1.1" }]);
    expect(at(invoiceOf(unsigned), "InvoiceTypeCode.0.listVersionID")).toBe("1.0");
    expect(validateEinvoiceDocument(signed)).toEqual([]);
    expect(at(inv, "Signature")).toEqual([
      {
        ID: [{ _: "urn:oasis:names:specification:ubl:signature:Invoice" }],
        SignatureMethod: [{ _: "urn:oasis:names:specification:ubl:dsig:enveloped:xades" }],
      },
    ]);
    const extension = at(inv, "UBLExtensions.0.UBLExtension.0");
    expect(at(extension, "ExtensionURI.0._")).toBe(
      "urn:oasis:names:specification:ubl:dsig:enveloped:xades",
    );
    const signature = at(
      extension,
      "ExtensionContent.0.UBLDocumentSignatures.0.SignatureInformation.0.Signature.0",
    );
    const props = at(signature, "Object.0.QualifyingProperties.0.SignedProperties.0");
    const cert = at(props, "SignedSignatureProperties.0.SigningCertificate.0.Cert.0");
    expect(at(cert, "IssuerSerial.0.X509IssuerName.0._")).toBe(
      "C=MY, O=Test Store, CN=Test Store Sdn Bhd",
    );
    expect(at(cert, "IssuerSerial.0.X509SerialNumber.0._")).toMatch(/^\d+$/);
    expect(at(props, "SignedSignatureProperties.0.SigningTime.0._")).toBe("2026-11-29T14:06:00Z");

    expect(verifyEinvoiceSignature(signed, KEYS.certificatePem)).toBe(true);
    // As sent: the exact bytes verify too, and the hash is of them.
    const bytes = documentBytes(signed);
    expect(verifyEinvoiceSignature(bytes, KEYS.certificatePem)).toBe(true);
    expect(documentHash(bytes).hash).toBe(createHash("sha256").update(bytes).digest("hex"));
    // The same document and time sign to the same bytes (RSA PKCS#1 v1.5 is deterministic).
    expect(documentBytes(signEinvoiceDocument(unsigned, KEYS, signingTime)).equals(bytes)).toBe(
      true,
    );
  });

  it("one changed byte in an amount, or another certificate, does not verify", () => {
    const bytes = documentBytes(
      signEinvoiceDocument(buildEinvoiceDocument(input()), KEYS, signingTime),
    );
    const text = bytes.toString("utf8");
    const payable = '"PayableAmount":[{"_":267,';
    expect(text).toContain(payable);
    const tampered = Buffer.from(text.replace(payable, '"PayableAmount":[{"_":367,'), "utf8");
    expect(tampered.length).toBe(bytes.length);
    expect(verifyEinvoiceSignature(tampered, KEYS.certificatePem)).toBe(false);

    const other = readFileSync(path.join(FIXTURES, "other-cert.pem"), "utf8");
    expect(verifyEinvoiceSignature(bytes, other)).toBe(false);
    expect(verifyEinvoiceSignature(buildEinvoiceDocument(input()), KEYS.certificatePem)).toBe(
      false,
    );

    // The signed properties are covered too: another serial number is refused.
    const signed = signEinvoiceDocument(buildEinvoiceDocument(input()), KEYS, signingTime);
    put(signed, `${SIGNED_PROPERTIES}.${SERIAL}`, "1");
    expect(verifyEinvoiceSignature(signed, KEYS.certificatePem)).toBe(false);
  });
});
