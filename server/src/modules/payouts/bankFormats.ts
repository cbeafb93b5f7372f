/**
 * The bulk-payment file formats, declared as data (docs/decisions/payout-batches.md):
 * columns, header and trailer rows, date and amount formats, the characters
 * the bank accepts. One writer (bankFile.ts) draws any of them. The presets
 * named for a bank are a starting point the store checks against the template
 * its own bank gives it: no bank has certified them.
 */
import type {
  BankFileColumn,
  BankFileFormat,
  BankFileFormatId,
  BankFileFormats,
  BankLineField,
} from "@store/contract";

const column = (
  title: string,
  field: BankLineField,
  maxLength: number | null = null,
  optional = false,
): BankFileColumn => ({ title, field, constant: null, max_length: maxLength, optional });

const constant = (title: string, value: string): BankFileColumn => ({
  title,
  field: null,
  constant: value,
  max_length: null,
  optional: false,
});

const NO_TRANSFER_TYPES = { own_bank: null, same: "", other: "" };

/** Checked with the bank, not certified: said in each preset's description. */
const PRESET_NOTE =
  "A preset, not a format certified by the bank: before the first upload, compare it with the bulk-payment template your bank gives your business account, and have the preset's declaration changed to match.";

export const BANK_FILE_FORMATS: readonly BankFileFormat[] = [
  {
    id: "generic_csv",
    name: "Generic CSV",
    description:
      "One row per payee with column titles, for a spreadsheet or a bank portal that maps columns on upload. No header or trailer rows: the rows are the batch's lines and their amounts sum to its total.",
    preset: false,
    extension: "csv",
    separator: ",",
    quote: "when_needed",
    line_end: "\r\n",
    date_format: "yyyy-MM-dd",
    amount_format: "decimal",
    allowed_characters: "A-Za-z0-9 .,'&()/-",
    upper_case: false,
    header: [],
    column_titles: true,
    columns: [
      column("Reference", "reference"),
      column("Payee Name", "payee_name", 80),
      column("Bank Name", "bank_name", 60),
      column("Bank Code", "bank_code", 11, true),
      column("Account Number", "account", 20),
      column("Amount", "amount"),
      column("Payment Date", "payment_date"),
      column("Description", "description", 40),
    ],
    trailer: [],
    transfer_types: NO_TRANSFER_TYPES,
  },
  {
    id: "duitnow_ibg",
    name: "DuitNow / IBG bulk",
    description:
      "An interbank (IBG / DuitNow transfer) bulk file: a header row (H, batch, date, count, total), one D row per payee with the receiving bank's SWIFT code, and a trailer row (T, count, total). Names in capitals, letters, digits and . - / only, at most 40 characters. A common layout, not a scheme-certified one: check it with the bank that sends the batch.",
    preset: false,
    extension: "txt",
    separator: ",",
    quote: "never",
    line_end: "\r\n",
    date_format: "ddMMyyyy",
    amount_format: "decimal",
    allowed_characters: "A-Z0-9 ./-",
    upper_case: true,
    header: [["H", "{batch}", "{date}", "{count}", "{total}"]],
    column_titles: false,
    columns: [
      constant("Record Type", "D"),
      column("Reference", "reference", 20),
      column("Beneficiary Name", "payee_name", 40),
      column("Beneficiary Bank", "bank_code", 11),
      column("Beneficiary Account", "account", 20),
      column("Amount", "amount"),
      column("Payment Details", "description", 20),
    ],
    trailer: [["T", "{count}", "{total}"]],
    transfer_types: NO_TRANSFER_TYPES,
  },
  {
    id: "maybank_bulk",
    name: "Maybank bulk payment (preset)",
    description: `Named for Maybank: a header row, the column titles, one row per payee (IT within Maybank, IBG to another bank) and a trailer with the count and total; dates dd/MM/yyyy. ${PRESET_NOTE}`,
    preset: true,
    extension: "csv",
    separator: ",",
    quote: "never",
    line_end: "\r\n",
    date_format: "dd/MM/yyyy",
    amount_format: "decimal",
    allowed_characters: "A-Z0-9 .&'/-",
    upper_case: true,
    header: [["HEADER", "{store}", "{batch}", "{date}", "{count}", "{total}"]],
    column_titles: true,
    columns: [
      column("Payment Type", "transfer_type"),
      column("Beneficiary Name", "payee_name", 40),
      column("Beneficiary Account No", "account", 20),
      column("Beneficiary Bank Code", "bank_code", 11),
      column("Amount", "amount"),
      column("Payment Reference", "reference", 20),
      column("Payment Description", "description", 20),
      column("Payment Date", "payment_date"),
    ],
    trailer: [["TRAILER", "{count}", "{total}"]],
    transfer_types: { own_bank: "MBBEMYKL", same: "IT", other: "IBG" },
  },
  {
    id: "cimb_bulk",
    name: "CIMB bulk payment (preset)",
    description: `Named for CIMB: pipe-separated, a 01 header row, one 02 row per payee (OWN within CIMB, IBG to another bank), a 03 trailer with the count and total; dates yyyyMMdd and amounts in whole sen. ${PRESET_NOTE}`,
    preset: true,
    extension: "txt",
    separator: "|",
    quote: "never",
    line_end: "\r\n",
    date_format: "yyyyMMdd",
    amount_format: "sen",
    allowed_characters: "A-Z0-9 ./-",
    upper_case: true,
    header: [["01", "{batch}", "{date}", "{count}", "{total}"]],
    column_titles: false,
    columns: [
      constant("Record Type", "02"),
      column("Transfer Type", "transfer_type"),
      column("Beneficiary Bank", "bank_code", 11),
      column("Beneficiary Account", "account", 20),
      column("Beneficiary Name", "payee_name", 40),
      column("Amount", "amount"),
      column("Reference", "reference", 20),
      column("Description", "description", 20),
    ],
    trailer: [["03", "{count}", "{total}"]],
    transfer_types: { own_bank: "CIBBMYKL", same: "OWN", other: "IBG" },
  },
];

export function bankFormat(id: BankFileFormatId): BankFileFormat {
  const format = BANK_FILE_FORMATS.find((f) => f.id === id);
  if (!format) throw new Error(`bank file format ${id} is declared in the contract, not here`);
  return format;
}

/**
 * Malaysian banks by the names members type and their SWIFT (BIC) codes, the
 * receiving bank an IBG or DuitNow row names. Checked against the banks'
 * published codes; a bank not here leaves a file that needs its code refused,
 * naming the request.
 */
export const MALAYSIAN_BANKS: readonly { name: string; bic: string; names: readonly string[] }[] = [
  { name: "Maybank", bic: "MBBEMYKL", names: ["maybank", "malayan banking"] },
  { name: "CIMB Bank", bic: "CIBBMYKL", names: ["cimb"] },
  { name: "Public Bank", bic: "PBBEMYKL", names: ["public bank", "pbb"] },
  { name: "RHB Bank", bic: "RHBBMYKL", names: ["rhb"] },
  { name: "Hong Leong Bank", bic: "HLBBMYKL", names: ["hong leong", "hlb"] },
  { name: "AmBank", bic: "ARBKMYKL", names: ["ambank", "am bank", "arab malaysian"] },
  { name: "Bank Islam", bic: "BIMBMYKL", names: ["bank islam"] },
  { name: "Bank Rakyat", bic: "BKRMMYKL", names: ["bank rakyat", "bank kerjasama rakyat"] },
  { name: "BSN", bic: "BSNAMYK1", names: ["bsn", "bank simpanan nasional"] },
  { name: "Affin Bank", bic: "PHBMMYKL", names: ["affin"] },
  { name: "Alliance Bank", bic: "MFBBMYKL", names: ["alliance"] },
  { name: "OCBC Bank", bic: "OCBCMYKL", names: ["ocbc"] },
  { name: "UOB", bic: "UOVBMYKL", names: ["uob", "united overseas"] },
  { name: "HSBC", bic: "HBMBMYKL", names: ["hsbc"] },
  { name: "Standard Chartered", bic: "SCBLMYKX", names: ["standard chartered", "stanchart"] },
  { name: "Bank Muamalat", bic: "BMMBMYKL", names: ["muamalat"] },
  { name: "Agrobank", bic: "AGOBMYKL", names: ["agrobank", "bank pertanian"] },
  { name: "Al Rajhi Bank", bic: "RJHIMYKL", names: ["al rajhi", "alrajhi"] },
  { name: "MBSB Bank", bic: "AFBQMYKL", names: ["mbsb"] },
  { name: "Citibank", bic: "CITIMYKL", names: ["citibank", "citi bank"] },
];

/** The SWIFT code of the bank a member named, or null when it is none of MALAYSIAN_BANKS. */
export function bankCodeOf(bankName: string): string | null {
  const typed = bankName
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const found = MALAYSIAN_BANKS.find((bank) =>
    bank.names.some((name) => ` ${typed} `.includes(` ${name} `)),
  );
  return found?.bic ?? null;
}

/**
 * How the bank's answer (CSV or xlsx) is read, whatever the format sent: a
 * header row naming the columns (any order, case and punctuation), the
 * reference we wrote in each row, and a status word.
 */
export const RESULT_COLUMNS: BankFileFormats["result_columns"] = {
  reference: [
    "reference",
    "payment reference",
    "customer reference",
    "reference no",
    "reference number",
    "ref",
    "ref no",
  ],
  status: ["status", "payment status", "transaction status", "result"],
  reason: [
    "reason",
    "rejection reason",
    "reject reason",
    "return reason",
    "remarks",
    "error description",
    "error message",
  ],
  amount: ["amount", "payment amount", "transaction amount", "amount rm"],
};

export const RESULT_WORDS: BankFileFormats["result_words"] = {
  paid: ["paid", "success", "successful", "completed", "processed", "accepted", "acsc", "acsp"],
  failed: ["failed", "fail", "rejected", "unsuccessful", "returned", "rjct", "error", "cancelled"],
};

export const bankFileFormats = (): BankFileFormats => ({
  formats: [...BANK_FILE_FORMATS],
  result_columns: RESULT_COLUMNS,
  result_words: RESULT_WORDS,
});
