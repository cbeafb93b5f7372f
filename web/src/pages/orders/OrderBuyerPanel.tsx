import {
  BUYER_ID_TYPE_LABELS,
  BUYER_ID_TYPES,
  type Einvoice,
  type OrderBuyer,
  type OrderBuyerInput,
  orderBuyerInput,
} from "@store/contract";
import { useMemo, useState } from "react";
import { Button, Card, Form, Table } from "react-bootstrap";
import { Link } from "react-router";
import type { z } from "zod";
import { useEinvoices, useOrderBuyer, useSaveOrderBuyer } from "../../api/einvoices";
import { Field, RecordForm, ScrollingTable, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { useResources } from "../../resources/context";
import { EinvoiceStatusBadge, typeText } from "../einvoices/einvoiceText";

type Values = z.output<typeof orderBuyerInput>;

const EMPTY: OrderBuyerInput = {
  name: "",
  tin: "",
  id_type: "BRN",
  id_value: "",
  sst_no: "",
  email: "",
  phone: "",
  address: "",
};

function toForm(b: OrderBuyer): OrderBuyerInput {
  const { orders_id, version, ...values } = b;
  return values;
}

/** The buyer's particulars as LHDN is given them. */
function BuyerDetails({ buyer }: { buyer: OrderBuyer }) {
  const items: [string, string][] = [
    ["Buyer name", buyer.name],
    ["Tax ID (TIN)", buyer.tin],
    [translate(BUYER_ID_TYPE_LABELS[buyer.id_type]), buyer.id_value],
    ["SST registration no.", buyer.sst_no || "-"],
    ["E-mail", buyer.email || "-"],
    ["Phone", buyer.phone || "-"],
    ["Billing address", buyer.address || translate("The order's delivery address")],
  ];
  return (
    <dl className="row mb-0 small" data-testid="order-buyer">
      {items.map(([label, value]) => (
        <div key={label} className="col-sm-6 mb-2">
          <dt className="text-muted fw-normal">{translate(label)}</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BuyerForm({
  orderId,
  buyer,
  onDone,
}: {
  orderId: number;
  buyer: OrderBuyer | null;
  onDone: () => void;
}) {
  const save = useSaveOrderBuyer(orderId);
  const loaded = useMemo(() => (buyer ? toForm(buyer) : undefined), [buyer]);
  const form = useRecordForm<OrderBuyerInput, Values>({
    schema: orderBuyerInput,
    defaults: loaded ?? EMPTY,
    loaded,
    version: buyer?.version,
    guard: false,
    savedMessage: "The buyer's details are saved.",
    // If-Match when the buyer is updated; the first request has no version to name.
    save: (values, shown) => save.mutateAsync({ input: values, version: shown.version }),
    onSaved: onDone,
  });
  const { isSubmitting } = form.form.formState;
  return (
    <RecordForm form={form} permission="orders:manage">
      <div className="row">
        <div className="col-md-6">
          <Field name="name" id="buyer-name" label="Buyer name" />
        </div>
        <div className="col-md-6">
          <Field
            name="tin"
            id="buyer-tin"
            label="Tax ID (TIN)"
            hint="e.g. C12345678090 or IG12345678090."
          >
            {(input) => <Form.Control maxLength={15} autoComplete="off" {...input} />}
          </Field>
        </div>
        <div className="col-md-6">
          <Field name="id_type" id="buyer-id-type" label="ID type">
            {(input) => (
              <Form.Select {...input}>
                {BUYER_ID_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {translate(BUYER_ID_TYPE_LABELS[t])}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
        </div>
        <div className="col-md-6">
          <Field name="id_value" id="buyer-id-value" label="ID number">
            {(input) => <Form.Control maxLength={30} autoComplete="off" {...input} />}
          </Field>
        </div>
        <div className="col-md-6">
          <Field name="sst_no" id="buyer-sst-no" label="SST registration no.">
            {(input) => <Form.Control maxLength={35} {...input} />}
          </Field>
        </div>
        <div className="col-md-6">
          <Field name="email" id="buyer-email" label="E-mail">
            {(input) => <Form.Control type="email" maxLength={320} {...input} />}
          </Field>
        </div>
        <div className="col-md-6">
          <Field name="phone" id="buyer-phone" label="Phone">
            {(input) => <Form.Control type="tel" maxLength={20} {...input} />}
          </Field>
        </div>
      </div>
      <Field
        name="address"
        id="buyer-address"
        label="Billing address"
        hint="Empty: the order's delivery address."
      >
        {(input) => <Form.Control as="textarea" rows={2} maxLength={500} {...input} />}
      </Field>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? translate("Saving…") : translate("Save buyer")}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          {translate("Cancel")}
        </Button>
      </div>
    </RecordForm>
  );
}

/** The order's documents to LHDN, each linked to its screen. */
function OrderEinvoices({ orderId }: { orderId: number }) {
  const resources = useResources();
  const docs = useEinvoices({ orders_id: orderId, _limit: 50 });
  const rows: Einvoice[] = docs.data?.rows ?? [];
  if (docs.isLoading) return null;
  return (
    <div className="mt-3">
      <h3 className="h6" id="order-einvoices-title">
        {translate("E-invoices of this order")}
      </h3>
      {rows.length === 0 ? (
        <p className="text-muted small mb-0">{translate("None yet.")}</p>
      ) : (
        <ScrollingTable label={translate("E-invoices of this order")}>
          <Table size="sm" className="mb-0 align-middle" aria-labelledby="order-einvoices-title">
            <thead>
              <tr>
                <th scope="col">{translate("Document No.")}</th>
                <th scope="col">{translate("Type")}</th>
                <th scope="col" className="text-end">
                  {translate("Amount")}
                </th>
                <th scope="col">{translate("Status")}</th>
                <th scope="col">{translate("Validated")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((doc) => (
                <tr key={doc.einvoice_id}>
                  <td className="text-nowrap">
                    <Link to={resources.link("einvoices", "document", doc.einvoice_id)}>
                      {doc.internal_id}
                    </Link>
                  </td>
                  <td>{typeText(doc)}</td>
                  <td className="text-end text-nowrap">{formatMoney(doc.amount)}</td>
                  <td>
                    <EinvoiceStatusBadge status={doc.status} />
                  </td>
                  <td className="text-nowrap">{formatDateTime(doc.validated_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollingTable>
      )}
    </div>
  );
}

/**
 * Edit Order's "Buyer's e-invoice" (docs/decisions/einvoices.md): the buyer
 * who asked for an invoice of their own, or a button to record one
 * (orders:manage); saved, the order's invoice is built once it is paid. Below,
 * the order's documents to LHDN, for a person who may view e-invoices.
 */
export function OrderBuyerPanel({ orderId }: { orderId: number }) {
  const buyer = useOrderBuyer(orderId);
  const mayManage = useCan("orders:manage");
  const mayViewEinvoices = useCan("einvoices:view");
  const [editing, setEditing] = useState(false);
  const current = buyer.data ?? null;
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="buyer-title">
      <Card.Header className="py-2">
        <h2 id="buyer-title" className="h6 mb-0">
          {translate("Buyer's e-invoice")}
        </h2>
      </Card.Header>
      <Card.Body>
        {buyer.isLoading ? (
          <p className="text-muted mb-0">{translate("Loading…")}</p>
        ) : editing ? (
          <BuyerForm orderId={orderId} buyer={current} onDone={() => setEditing(false)} />
        ) : (
          <>
            {current ? (
              <BuyerDetails buyer={current} />
            ) : (
              <p className="text-muted small">
                {translate(
                  "No buyer has asked for an invoice of their own: this sale goes in the month's consolidated invoice (unless it is RM 10,000.00 or more).",
                )}
              </p>
            )}
            {mayManage && (
              <Button variant="outline-primary" size="sm" onClick={() => setEditing(true)}>
                {current ? translate("Edit buyer") : translate("Record the buyer's details")}
              </Button>
            )}
          </>
        )}
        {mayViewEinvoices && <OrderEinvoices orderId={orderId} />}
      </Card.Body>
    </Card>
  );
}
