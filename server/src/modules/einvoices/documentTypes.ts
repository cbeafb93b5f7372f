/**
 * What an LHDN e-invoice document is built from (docs/decisions/einvoice-documents.md):
 * the e-invoices service maps orders, lines, refunds and payouts into these,
 * and `buildEinvoiceDocument` turns them into MyInvois UBL 2.1 JSON. Money is
 * exact decimal text with at most two places; prices include tax.
 */
import {
  type BUYER_ID_TYPES,
  type EinvoiceType,
  MALAYSIAN_STATES,
  type MalaysianState,
} from "@store/contract";

export type { EinvoiceType };

/** The registration schemes LHDN accepts beside the TIN. */
export type EinvoiceIdType = (typeof BUYER_ID_TYPES)[number];

export interface EinvoiceAddress {
  line1: string;
  line2?: string;
  city: string;
  postcode: string;
  /** One of the store's state names (MALAYSIAN_STATES) or already a code "01".."17". */
  state: string;
  /** "Malaysia" (the orders' spelling) or an ISO 3166-1 alpha-3 code. */
  country: string;
}

export interface EinvoiceParty {
  /** Tax identification number ("C1234567890", "IG…"); a self-billed agent without one gets the general TIN. */
  tin: string;
  brn?: string;
  id_type?: EinvoiceIdType;
  id_value?: string;
  /** SST registration number; "NA" when not registered. */
  sst_no?: string;
  /** MSIC 2008 five-digit code: mandatory for the supplier. */
  msic_code?: string;
  business_activity?: string;
  name: string;
  email?: string;
  phone?: string;
  address: EinvoiceAddress;
}

export type EinvoiceTaxType = "taxable" | "exempt" | "not_applicable";

export interface EinvoiceLine {
  description: string;
  quantity: number;
  /** Money text, tax included. */
  unit_price: string;
  /** After its share of discounts, tax included. */
  line_total: string;
  /** The discount on the line, tax included; quantity × unit_price − line_total when left out. */
  discount?: string;
  tax_type: EinvoiceTaxType;
  /** Percent as text ("6", "8.00"); "0" unless taxable. */
  tax_rate: string;
  tax_amount: string;
  /** LHDN classification code (CLASS list, "001".."045"). */
  classification: string;
  /** Which SST a taxable line bears: sales tax (goods, the default) or service tax. */
  sst?: "sales" | "service";
  /** Why an exempt line is exempt; a general sentence when left out. */
  exemption_reason?: string;
  /** UN/ECE rec 20 unit code; "C62" (one) when left out. */
  unit_code?: string;
}

export interface EinvoiceInput {
  type: EinvoiceType;
  /** Our internal id: INV-ORD123, CN-…, RN-…, CON-2026-11, SB-… */
  id: string;
  issued_at: Date;
  supplier: EinvoiceParty;
  buyer: EinvoiceParty;
  lines: EinvoiceLine[];
  /** A charge on the whole document (shipping), no tax. */
  shipping?: string;
  /** The dates covered (YYYY-MM-DD): the month of a consolidated invoice, a payout period. */
  period?: { from: string; to: string };
  /** The document a credit or refund note corrects. */
  original?: { uuid: string; internal_id: string };
  /**
   * The monthly consolidated invoice of sales to ordinary buyers: the buyer
   * becomes the general public and every line's classification 004.
   */
  consolidated?: boolean;
}

/** The general TINs of the guideline's Appendix 1. */
export const GENERAL_PUBLIC_TIN = "EI00000000010";
export const FOREIGN_BUYER_TIN = "EI00000000020";
export const FOREIGN_SUPPLIER_TIN = "EI00000000030";
export const GOVERNMENT_TIN = "EI00000000040";

/** Classification codes the store uses: 004 consolidated e-invoice, 022 others, 037 self-billed agent payments. */
export const CLASSIFICATION_CONSOLIDATED = "004";
export const CLASSIFICATION_OTHERS = "022";
export const CLASSIFICATION_SELF_BILLED_AGENTS = "037";

/** MSIC "00000" with this description: for an individual with no business activity. */
export const MSIC_NOT_APPLICABLE = "00000";
export const MSIC_NOT_APPLICABLE_NAME = "NOT APPLICABLE";

/** The consolidated invoice's buyer as the guideline spells it out: "NA" wherever there is nothing. */
export const GENERAL_PUBLIC_BUYER: EinvoiceParty = {
  tin: GENERAL_PUBLIC_TIN,
  id_type: "BRN",
  id_value: "NA",
  sst_no: "NA",
  name: "General Public",
  phone: "NA",
  address: { line1: "NA", city: "NA", postcode: "", state: "17", country: "MYS" },
};

/** LHDN tax type codes. */
export const TAX_TYPE_CODES = ["01", "02", "03", "04", "05", "06", "E"] as const;
export type TaxTypeCode = (typeof TAX_TYPE_CODES)[number];

/** The state code list of the SDK (01 Johor … 16 Putrajaya, 17 not applicable). */
export const STATE_CODES: Readonly<Record<MalaysianState, string>> = {
  Johor: "01",
  Kedah: "02",
  Kelantan: "03",
  Melaka: "04",
  "Negeri Sembilan": "05",
  Pahang: "06",
  "Pulau Pinang": "07",
  Perak: "08",
  Perlis: "09",
  Selangor: "10",
  Terengganu: "11",
  Sabah: "12",
  Sarawak: "13",
  "Wilayah Persekutuan Kuala Lumpur": "14",
  "Wilayah Persekutuan Labuan": "15",
  "Wilayah Persekutuan Putrajaya": "16",
};
export const STATE_NOT_APPLICABLE = "17";
export const STATE_CODE_LIST: readonly string[] = [
  "00",
  ...MALAYSIAN_STATES.map((s) => STATE_CODES[s]),
  STATE_NOT_APPLICABLE,
];
