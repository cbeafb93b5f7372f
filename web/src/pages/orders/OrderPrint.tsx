import type { DocumentStore, OrderRecord } from "@store/contract";
import {
  addressLines,
  invoiceNumber,
  ORDER_DOCUMENT_TITLES,
  ORDER_DOCUMENTS,
  type OrderDocument,
  parseOrderIds,
  paymentStatus,
  sstByRate,
  sstRateText,
} from "@store/contract/invoice";
import { formatMoney, type NumberSigns, toSen } from "@store/contract/money";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Alert, Button, ButtonGroup, Form } from "react-bootstrap";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { orderDocumentPdfUrl, useOrderDocuments } from "../../api/orders";
import { LoadingDots, PageHeader } from "../../components";
import { errorText } from "../../i18n/errors";
import { currentLanguage, LANGUAGES, type LanguageCode } from "../../i18n/index";
import { translate, translateLabel } from "../../i18n/messages";
import type { ScreenProps } from "../../resources/define";
import "./print.css";

// The QR code's library, loaded only for an invoice LHDN validated.
const QRCodeSVG = lazy(() => import("qrcode.react").then((m) => ({ default: m.QRCodeSVG })));

/** The words, amounts and dates of the document's language (which may differ from the screen's). */
function wordsOf(code: LanguageCode) {
  const language = LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
  const parts = new Intl.NumberFormat(language.locale).formatToParts(1234.5);
  const signs: NumberSigns = {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
  const dates = new Intl.DateTimeFormat(language.locale);
  const date = (wire: string) => {
    const [year, month, day] = wire.slice(0, 10).split("-").map(Number);
    return year && month && day ? dates.format(new Date(year, month - 1, day)) : wire;
  };
  return {
    htmlLang: language.htmlLang,
    text: (english: string, values?: Record<string, string | number>) =>
      translateLabel(english, values, code),
    money: (value: string) => formatMoney(value, signs),
    date,
    payment(order: OrderRecord) {
      const status = paymentStatus(order);
      return status.date
        ? translateLabel(status.label, { date: date(status.date) }, code)
        : translateLabel(status.label, undefined, code);
    },
  };
}
type Words = ReturnType<typeof wordsOf>;

/**
 * Whether the document language's catalogue is here: only the screen's is
 * fetched (i18n/index.ts), so another one is asked for, and the documents wait
 * for it rather than print the screen's or English labels under Malay dates.
 * useTranslation draws this screen again when it has arrived ("loaded").
 */
function useCatalogue(code: LanguageCode): boolean {
  const { i18n } = useTranslation();
  const ready = code === "en" || i18n.hasResourceBundle(code, "translation");
  useEffect(() => {
    if (!ready) void i18n.loadLanguages(code);
  }, [code, ready, i18n]);
  return ready;
}

function StoreHeading({
  store,
  words,
  title,
  facts,
}: {
  store: DocumentStore;
  words: Words;
  title: string;
  facts: [string, string][];
}) {
  return (
    <div className="order-sheet-heading">
      <div>
        <p className="order-sheet-store">{store.store_name}</p>
        <p className="order-sheet-muted">
          {store.store_address && <span className="d-block">{store.store_address}</span>}
          {store.store_registration && (
            <span className="d-block">
              {words.text("Registration No.")} {store.store_registration}
            </span>
          )}
          {store.store_contact && (
            <span className="d-block">
              {words.text("Tel.")} {store.store_contact}
            </span>
          )}
        </p>
      </div>
      <div className="text-end">
        <h2 className="order-sheet-title">{title}</h2>
        <dl className="order-sheet-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

function Block({ label, lines }: { label: string; lines: string[] }) {
  return (
    <div>
      <h3 className="order-sheet-label">{label}</h3>
      <p className="mb-0">
        {lines.map((line) => (
          <span key={line} className="d-block">
            {line}
          </span>
        ))}
      </p>
    </div>
  );
}

const shipTo = (order: OrderRecord) =>
  [order.recipient_name, order.recipient_contact, ...addressLines(order)].filter(Boolean);

function Invoice({
  order,
  store,
  words,
  einvoice,
}: {
  order: OrderRecord;
  store: DocumentStore;
  words: Words;
  /** The order's own e-invoice once LHDN validated it (docs/decisions/einvoices.md). */
  einvoice?: { uuid: string; link: string };
}) {
  const number = invoiceNumber(order.order_number);
  // The SST the total contains, per rate (prices include SST; docs/decisions/sst-on-lines.md).
  const sst = sstByRate(order.items, order.tax_total);
  return (
    <article
      className="order-sheet"
      lang={words.htmlLang}
      aria-label={`${words.text("Invoice")} ${number}`}
    >
      <StoreHeading
        store={store}
        words={words}
        title={words.text("Invoice")}
        facts={[
          [words.text("Invoice No."), number],
          [words.text("Invoice Date"), words.date(order.created_at)],
          [words.text("Order No."), order.order_number],
          [words.text("Payment"), words.payment(order)],
        ]}
      />
      <div className="order-sheet-parties">
        <Block
          label={words.text("Bill To")}
          lines={[order.username, order.contact].filter(Boolean)}
        />
        <Block label={words.text("Ship To")} lines={shipTo(order)} />
      </div>
      <table className="order-sheet-lines">
        <thead>
          <tr>
            <th scope="col">{words.text("Item")}</th>
            <th scope="col">{words.text("SKU")}</th>
            <th scope="col" className="text-end">
              {words.text("Qty")}
            </th>
            <th scope="col" className="text-end">
              {words.text("Unit Price")}
            </th>
            <th scope="col" className="text-end">
              {words.text("Line Total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
            <tr key={line.item_id}>
              <td>
                {line.product_name}
                {(line.variant_name ||
                  toSen(line.line_discount) > 0n ||
                  line.tax_type === "taxable") && (
                  <span className="d-block order-sheet-note">
                    {[
                      line.variant_name,
                      toSen(line.line_discount) > 0n
                        ? words.text("Line discount {{amount}}", {
                            amount: words.money(line.line_discount),
                          })
                        : "",
                      line.tax_type === "taxable"
                        ? words.text("SST {{rate}}%", { rate: sstRateText(line.tax_rate) })
                        : "",
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                )}
              </td>
              <td>{line.sku || "-"}</td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end text-nowrap">{words.money(line.unit_price)}</td>
              <td className="text-end text-nowrap">{words.money(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-sheet-totals">
        <div>
          <dt>{words.text("Subtotal")}</dt>
          <dd>{words.money(order.subtotal)}</dd>
        </div>
        {(toSen(order.discount) > 0n || order.coupon_code) && (
          <div>
            <dt>
              {order.coupon_code
                ? words.text("Discount ({{code}})", { code: order.coupon_code })
                : words.text("Discount")}
            </dt>
            <dd>-{words.money(order.discount)}</dd>
          </div>
        )}
        <div>
          <dt>{words.text("Shipping")}</dt>
          <dd>{words.money(order.shipping_fee)}</dd>
        </div>
        <div className="order-sheet-total">
          <dt>{words.text("Total")}</dt>
          <dd>{words.money(order.total_price)}</dd>
        </div>
        {sst?.rates.map(({ rate, amount }) => (
          <div key={rate} data-testid="invoice-sst-rate">
            <dt>{words.text("SST {{rate}}%", { rate })}</dt>
            <dd>{words.money(amount)}</dd>
          </div>
        ))}
        {sst && (
          <div>
            <dt>{words.text("Total SST")}</dt>
            <dd>{words.money(sst.total)}</dd>
          </div>
        )}
      </dl>
      {sst && <p className="order-sheet-note">{words.text("Prices include SST")}</p>}
      {einvoice && (
        <figure className="order-sheet-einvoice">
          <Suspense fallback={<div style={{ width: 96, height: 96 }} />}>
            <QRCodeSVG value={einvoice.link} title={einvoice.link} size={96} marginSize={2} />
          </Suspense>
          <figcaption>
            {words.text("E-invoice validated by LHDN")}
            <br />
            {einvoice.uuid}
          </figcaption>
        </figure>
      )}
    </article>
  );
}

function PackingSlip({
  order,
  store,
  words,
}: {
  order: OrderRecord;
  store: DocumentStore;
  words: Words;
}) {
  const quantity = order.items.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <article
      className="order-sheet"
      lang={words.htmlLang}
      aria-label={`${words.text("Packing Slip")} ${order.order_number}`}
    >
      <StoreHeading
        store={store}
        words={words}
        title={words.text("Packing Slip")}
        facts={[
          [words.text("Order No."), order.order_number],
          [words.text("Order Date"), words.date(order.created_at)],
        ]}
      />
      <div className="order-sheet-parties">
        <Block label={words.text("Ship To")} lines={shipTo(order)} />
      </div>
      <table className="order-sheet-lines">
        <thead>
          <tr>
            <th scope="col" className="order-sheet-tick">
              {words.text("Packed")}
            </th>
            <th scope="col">{words.text("Item")}</th>
            <th scope="col">{words.text("SKU")}</th>
            <th scope="col" className="text-end">
              {words.text("Qty")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
            <tr key={line.item_id}>
              <td className="order-sheet-tick">
                {/* A box for the packer's pen: printed, not a control. */}
                <span className="order-sheet-box" aria-hidden="true" />
              </td>
              <td>
                {line.product_name}
                {line.variant_name && (
                  <span className="d-block order-sheet-note">{line.variant_name}</span>
                )}
              </td>
              <td>{line.sku || "-"}</td>
              <td className="text-end">{line.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="order-sheet-total text-end">
        {words.text("Total Quantity")}: {quantity}
      </p>
    </article>
  );
}

const isDocument = (value: string | null): value is OrderDocument =>
  (ORDER_DOCUMENTS as readonly (string | null)[]).includes(value);
const isLanguage = (value: string | null): value is LanguageCode =>
  LANGUAGES.some((l) => l.code === value);

/**
 * /printOrders?ids=3,1&doc=invoice|packing-slip&lang=ms: each order's invoice
 * or packing slip, laid out for A4, one order a page when printed (print.css
 * leaves out the sidebar, the top bar and these controls); &print=1 opens the
 * browser's print once they are drawn. The same content as the PDF
 * (docs/decisions/invoices.md).
 */
export default function OrderPrint({ resource }: ScreenProps) {
  const [params, setParams] = useSearchParams();
  const ids = parseOrderIds(params.get("ids") ?? "");
  const askedDoc = params.get("doc");
  const doc: OrderDocument = isDocument(askedDoc) ? askedDoc : "invoice";
  const askedLanguage = params.get("lang");
  const language: LanguageCode = isLanguage(askedLanguage) ? askedLanguage : currentLanguage();
  const words = wordsOf(language);
  const catalogueReady = useCatalogue(language);
  const documents = useOrderDocuments(ids);
  const data = catalogueReady ? documents.data : undefined;

  // Opened for printing (the list's bulk action): the print dialog once, when every order is drawn.
  const printed = useRef(false);
  const forPrinting = params.get("print") === "1";
  useEffect(() => {
    if (!forPrinting || !data || printed.current) return;
    printed.current = true;
    window.print();
  }, [forPrinting, data]);

  const change = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        next.delete("print");
        return next;
      },
      { replace: true },
    );
  const backTo =
    ids.length === 1 && ids[0] !== undefined && resource.editLink
      ? resource.editLink(ids[0])
      : resource.list.path;

  return (
    <>
      <div className="d-print-none">
        <PageHeader title="Invoices and Packing Slips" backTo={backTo}>
          <Button variant="primary" disabled={!data} onClick={() => window.print()}>
            {translate("Print")}
          </Button>
          {ids.length > 0 && (
            <a
              className="btn btn-outline-primary"
              href={orderDocumentPdfUrl(doc, ids, language)}
              download
            >
              {translate("Download PDF")}
            </a>
          )}
        </PageHeader>
        <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
          <ButtonGroup aria-label={translate("Invoices and Packing Slips")}>
            {ORDER_DOCUMENTS.map((kind) => (
              <Button
                key={kind}
                variant={kind === doc ? "secondary" : "outline-secondary"}
                aria-pressed={kind === doc}
                onClick={() => change("doc", kind)}
              >
                {translate(ORDER_DOCUMENT_TITLES[kind])}
              </Button>
            ))}
          </ButtonGroup>
          <Form.Group controlId="document-language">
            <Form.Label className="small mb-1">{translate("Document language")}</Form.Label>
            <Form.Select
              size="sm"
              value={language}
              onChange={(e) => change("lang", e.target.value)}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </div>
        {ids.length === 0 && (
          <Alert variant="warning">
            {translate("No order to print: choose orders on the order list.")}{" "}
            <Link to={resource.list.path}>{translate("Orders")}</Link>
          </Alert>
        )}
        {(documents.isLoading || !catalogueReady) && <LoadingDots />}
        {documents.error && (
          <Alert variant="danger">
            {documents.error instanceof ApiError
              ? errorText(documents.error)
              : documents.error.message}
          </Alert>
        )}
      </div>
      {data && (
        <div className="order-sheets">
          {data.orders.map((order) =>
            doc === "invoice" ? (
              <Invoice
                key={order.orders_id}
                order={order}
                store={data.store}
                words={words}
                einvoice={data.einvoices[String(order.orders_id)]}
              />
            ) : (
              <PackingSlip key={order.orders_id} order={order} store={data.store} words={words} />
            ),
          )}
        </div>
      )}
    </>
  );
}
