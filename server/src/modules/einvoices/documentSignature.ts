/**
 * The MyInvois signature of a version 1.1 JSON document (SDK "Document
 * Signature Creation" and "Signing a JSON document";
 * docs/decisions/einvoice-documents.md), with node:crypto only:
 * DocDigest = SHA-256 of the document minified without UBLExtensions and
 * Signature; Sig = RSA-SHA256 of those bytes with the certificate's key;
 * CertDigest = SHA-256 of the certificate (DER); the signed properties carry
 * the signing time, CertDigest, issuer and serial, and their own digest
 * (PropsDigest) goes in SignedInfo beside DocDigest.
 */
import { createHash, createPrivateKey, sign, verify, X509Certificate } from "node:crypto";
import { type EinvoiceDocument, type Json, type JsonObject, wrap } from "./document";

export interface EinvoiceSigningKeys {
  certificatePem: string;
  privateKeyPem: string;
}

const SHA256 = "http://www.w3.org/2001/04/xmlenc#sha256";
const RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const SIGNED_PROPERTIES_TYPE = "http://uri.etsi.org/01903/v1.3.2#SignedProperties";
const SIGNED_PROPERTIES_ID = "id-xades-signed-props";
const EXTENSION_URI = "urn:oasis:names:specification:ubl:dsig:enveloped:xades";
const SIGNATURE_INFORMATION_ID = "urn:oasis:names:specification:ubl:signature:1";
const INVOICE_SIGNATURE_ID = "urn:oasis:names:specification:ubl:signature:Invoice";

const sha256Base64 = (bytes: Buffer | string): string =>
  createHash("sha256").update(bytes).digest("base64");

/** A digest method as the JSON form writes an empty element with an attribute. */
const digestMethod = (algorithm: string): Json[] => [{ _: "", Algorithm: algorithm }];

/**
 * Node lists a name's parts in the certificate's order, one a line
 * ("C=MY\nO=LHDNM\nCN=Sub CA"); X509IssuerName is the RFC 2253 text, last part
 * first ("CN=Sub CA, O=LHDNM, C=MY"), as .NET's X500DistinguishedName writes it.
 */
function distinguishedName(nodeName: string): string {
  return nodeName.split("\n").filter(Boolean).reverse().join(", ");
}

/** The invoice object of a document, copied, without its signature parts. */
function unsignedCopy(doc: EinvoiceDocument): { copy: EinvoiceDocument; invoice: JsonObject } {
  const copy = structuredClone(doc);
  const invoices = copy.Invoice;
  const invoice = Array.isArray(invoices) ? invoices[0] : undefined;
  if (!invoice || typeof invoice !== "object" || Array.isArray(invoice)) {
    throw new Error("Not an e-invoice document: no Invoice");
  }
  delete invoice.UBLExtensions;
  delete invoice.Signature;
  return { copy, invoice };
}

/** The bytes DocDigest and Sig are taken over: the document minified without UBLExtensions and Signature. */
export function signedDocumentBytes(doc: EinvoiceDocument): Buffer {
  return Buffer.from(JSON.stringify(unsignedCopy(doc).copy), "utf8");
}

/** The certificate's issuer and decimal serial, as both the signed properties and KeyInfo carry them. */
function issuerSerial(cert: X509Certificate): Json[] {
  return [
    {
      X509IssuerName: wrap(distinguishedName(cert.issuer)),
      X509SerialNumber: wrap(BigInt(`0x${cert.serialNumber}`).toString()),
    },
  ];
}

function signedProperties(signingTime: string, cert: X509Certificate): JsonObject {
  return {
    Id: SIGNED_PROPERTIES_ID,
    SignedSignatureProperties: [
      {
        SigningTime: wrap(signingTime),
        SigningCertificate: [
          {
            Cert: [
              {
                CertDigest: [
                  { DigestMethod: digestMethod(SHA256), DigestValue: wrap(sha256Base64(cert.raw)) },
                ],
                IssuerSerial: issuerSerial(cert),
              },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * PropsDigest: SHA-256 of the minified QualifyingProperties object
 * (`{"Target":"signature","SignedProperties":[…]}`), as the SDK community's
 * JSON signing script and other JSON signers hash it; the SDK page says only
 * "the signed properties section" (docs/decisions/einvoice-documents.md).
 */
function propertiesDigest(qualifying: unknown): string {
  return sha256Base64(JSON.stringify(qualifying));
}

/**
 * The document signed, as version 1.1: InvoiceTypeCode's listVersionID set to
 * "1.1", the UBLExtensions (the XAdES signature) and Signature blocks added.
 * The input is not changed. `signingTime` defaults to now (UTC, whole seconds).
 */
export function signEinvoiceDocument(
  doc: EinvoiceDocument,
  keys: EinvoiceSigningKeys,
  signingTime: Date = new Date(),
): EinvoiceDocument {
  const { copy, invoice } = unsignedCopy(doc);
  const typeCode = invoice.InvoiceTypeCode;
  const typeEntry = Array.isArray(typeCode) ? typeCode[0] : undefined;
  if (!typeEntry || typeof typeEntry !== "object" || Array.isArray(typeEntry)) {
    throw new Error("Not an e-invoice document: no InvoiceTypeCode");
  }
  typeEntry.listVersionID = "1.1";

  const bytes = Buffer.from(JSON.stringify(copy), "utf8");
  const cert = new X509Certificate(keys.certificatePem);
  const key = createPrivateKey(keys.privateKeyPem);
  const docDigest = sha256Base64(bytes);
  const signatureValue = sign("sha256", bytes, key).toString("base64");
  const props = signedProperties(`${signingTime.toISOString().slice(0, 19)}Z`, cert);
  const qualifying: JsonObject = { Target: "signature", SignedProperties: [props] };
  const propsDigest = propertiesDigest(qualifying);

  const signature: JsonObject = {
    Id: "signature",
    Object: [{ QualifyingProperties: [qualifying] }],
    KeyInfo: [
      {
        X509Data: [
          {
            X509Certificate: wrap(cert.raw.toString("base64")),
            X509SubjectName: wrap(distinguishedName(cert.subject)),
            X509IssuerSerial: issuerSerial(cert),
          },
        ],
      },
    ],
    SignatureValue: wrap(signatureValue),
    SignedInfo: [
      {
        SignatureMethod: digestMethod(RSA_SHA256),
        Reference: [
          {
            Type: SIGNED_PROPERTIES_TYPE,
            URI: `#${SIGNED_PROPERTIES_ID}`,
            DigestMethod: digestMethod(SHA256),
            DigestValue: wrap(propsDigest),
          },
          {
            Type: "",
            URI: "",
            DigestMethod: digestMethod(SHA256),
            DigestValue: wrap(docDigest),
          },
        ],
      },
    ],
  };
  invoice.UBLExtensions = [
    {
      UBLExtension: [
        {
          ExtensionURI: wrap(EXTENSION_URI),
          ExtensionContent: [
            {
              UBLDocumentSignatures: [
                {
                  SignatureInformation: [
                    {
                      ID: wrap(SIGNATURE_INFORMATION_ID),
                      ReferencedSignatureID: wrap(INVOICE_SIGNATURE_ID),
                      Signature: [signature],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
  invoice.Signature = [{ ID: wrap(INVOICE_SIGNATURE_ID), SignatureMethod: wrap(EXTENSION_URI) }];
  return copy;
}

/** The value at a path of keys and indexes, or undefined. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let current: unknown = value;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

function textAt(value: unknown, ...path: (string | number)[]): string | undefined {
  const found = at(value, ...path, 0, "_");
  return typeof found === "string" ? found : undefined;
}

/**
 * True when the document (object, or the exact bytes sent) carries a MyInvois
 * signature made with this certificate over exactly its content: DocDigest,
 * Sig, CertDigest, issuer, serial and PropsDigest all recomputed and checked.
 */
export function verifyEinvoiceSignature(
  doc: EinvoiceDocument | Buffer | string,
  certificatePem: string,
): boolean {
  try {
    const parsed: unknown =
      typeof doc === "string" || Buffer.isBuffer(doc) ? JSON.parse(doc.toString()) : doc;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return false;
    const document = parsed as EinvoiceDocument;
    const invoice = at(document, "Invoice", 0);
    if (at(invoice, "InvoiceTypeCode", 0, "listVersionID") !== "1.1") return false;
    const signature = at(
      invoice,
      ...["UBLExtensions", 0, "UBLExtension", 0, "ExtensionContent", 0, "UBLDocumentSignatures", 0],
      ...["SignatureInformation", 0, "Signature", 0],
    );
    const cert = new X509Certificate(certificatePem);
    if (
      textAt(signature, "KeyInfo", 0, "X509Data", 0, "X509Certificate") !==
      cert.raw.toString("base64")
    ) {
      return false;
    }
    const bytes = signedDocumentBytes(document);
    const references = at(signature, "SignedInfo", 0, "Reference");
    if (!Array.isArray(references)) return false;
    const docReference = references.find((r) => at(r, "URI") === "");
    const propsReference = references.find((r) => at(r, "URI") === `#${SIGNED_PROPERTIES_ID}`);
    if (textAt(docReference, "DigestValue") !== sha256Base64(bytes)) return false;

    const signatureValue = textAt(signature, "SignatureValue");
    if (!signatureValue) return false;
    if (!verify("sha256", bytes, cert.publicKey, Buffer.from(signatureValue, "base64")))
      return false;

    const qualifying = at(signature, "Object", 0, "QualifyingProperties", 0);
    if (textAt(propsReference, "DigestValue") !== propertiesDigest(qualifying)) return false;
    const props = at(qualifying, "SignedProperties", 0);
    const signingTime = textAt(props, "SignedSignatureProperties", 0, "SigningTime");
    if (!signingTime) return false;
    // The signed properties must name this certificate exactly as signing would have.
    const expected = signedProperties(signingTime, cert);
    if (JSON.stringify(props) !== JSON.stringify(expected)) return false;
    return at(invoice, "Signature", 0, "ID", 0, "_") === INVOICE_SIGNATURE_ID;
  } catch {
    return false;
  }
}
