import {
  EINVOICE_STATUS_LABELS,
  EINVOICE_STATUSES,
  EINVOICE_TYPE_LABELS,
  EINVOICE_TYPES,
  type Einvoice,
} from "@store/contract";
import { useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import { useConsolidateMonth, useEinvoices } from "../../api/einvoices";
import {
  type Column,
  DataTable,
  type ListFilter,
  PageHeader,
  showToast,
  useListState,
} from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import type { Resource, ScreenProps } from "../../resources/define";
import { EinvoiceCovers, EinvoiceErrors, EinvoiceStatusBadge, typeText } from "./einvoiceText";

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "status",
    label: "Status",
    options: EINVOICE_STATUSES.map((s) => ({ value: s, label: EINVOICE_STATUS_LABELS[s] })),
  },
  {
    kind: "choice",
    name: "type",
    label: "Type",
    options: EINVOICE_TYPES.map((t) => ({ value: t, label: EINVOICE_TYPE_LABELS[t] })),
  },
];

/** The month before this one, YYYY-MM: the one a consolidated run is usually for. */
function lastMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * "Consolidate month": the month's ordinary sales in one invoice to the
 * general public, and an invoice of its own for each sale that needs one;
 * the answer (built now, or already standing) listed below.
 */
function ConsolidateMonth({ resource }: { resource: Resource }) {
  const [month, setMonth] = useState(lastMonth);
  const [made, setMade] = useState<Einvoice[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const consolidate = useConsolidateMonth();
  const run = () => {
    setRefusal(null);
    setMade(null);
    consolidate.mutate(month, {
      onSuccess: (docs) => {
        setMade(docs);
        showToast(translate("The documents of {{month}} are made.", { month }), "success");
      },
      onError: (error) => {
        // A 409 (not set up, the month not over) is said here, beside the month.
        if (error instanceof ApiError && error.status === 409) {
          error.shownOnFields = true;
          setRefusal(errorText(error));
        }
      },
    });
  };
  return (
    <div className="card p-3 mb-3">
      <h2 className="h6">{translate("Consolidate month")}</h2>
      <p className="small text-muted">
        {translate(
          "After a month ends: its sales to ordinary buyers in one invoice to the general public, and an invoice of its own for each sale a buyer asked for or of RM 10,000.00 or more. Due within 7 days.",
        )}
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <Form.Group controlId="consolidate-month">
          <Form.Label className="small mb-1">{translate("Month")}</Form.Label>
          <Form.Control
            type="month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            aria-describedby={refusal ? "consolidate-refusal" : undefined}
          />
        </Form.Group>
        <Button
          variant="primary"
          disabled={!/^\d{4}-\d{2}$/.test(month) || consolidate.isPending}
          onClick={run}
        >
          {translate("Consolidate")}
        </Button>
      </div>
      {refusal && (
        <p id="consolidate-refusal" className="text-danger small mt-2 mb-0" role="alert">
          {refusal}
        </p>
      )}
      {made && (
        <div className="mt-3" role="status" data-testid="consolidated">
          {made.length === 0 ? (
            <p className="mb-0">{translate("No sales to invoice in {{month}}.", { month })}</p>
          ) : (
            <ul className="mb-0" aria-label={translate("Documents of {{month}}", { month })}>
              {made.map((doc) => (
                <li key={doc.einvoice_id}>
                  <Link to={resource.link("document", doc.einvoice_id)}>{doc.internal_id}</Link>
                  {` · ${typeText(doc)} · ${formatMoney(doc.amount)} · `}
                  <EinvoiceStatusBadge status={doc.status} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * /einvoices: every document given (or to be given) to LHDN, newest first,
 * with what it covers, its amount and SST, its status and LHDN's errors;
 * each opens on /einvoice?id=. A manager runs a month's consolidated invoice here.
 */
export default function EinvoiceList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = useEinvoices(list.params);
  const mayManage = useMayDo("update");
  const columns: Column<Einvoice>[] = [
    {
      header: "Document No.",
      role: "key",
      sticky: "start",
      sort: "internal_id",
      cell: (d) => <Link to={resource.link("document", d.einvoice_id)}>{d.internal_id}</Link>,
      className: "text-nowrap",
    },
    { header: "Type", sort: "type", cell: typeText },
    {
      header: "Order / Month",
      field: "orders_id",
      cell: (d) => <EinvoiceCovers doc={d} />,
      className: "text-nowrap",
    },
    {
      header: "Amount",
      role: "money",
      sort: "amount",
      cell: (d) => formatMoney(d.amount),
      className: "text-end text-nowrap",
    },
    {
      header: "SST",
      sort: "tax",
      cell: (d) => formatMoney(d.tax),
      className: "text-end text-nowrap",
    },
    {
      header: "Status",
      role: "status",
      sort: "status",
      cell: (d) => (
        <>
          <EinvoiceStatusBadge status={d.status} />
          <EinvoiceErrors doc={d} compact />
        </>
      ),
    },
    {
      header: "Submitted",
      sort: "submitted_at",
      cell: (d) => formatDateTime(d.submitted_at),
      className: "text-nowrap",
    },
    {
      header: "Validated",
      sort: "validated_at",
      cell: (d) => formatDateTime(d.validated_at),
      className: "text-nowrap",
    },
  ];
  return (
    <>
      <PageHeader title={translate("E-invoices")} />
      {mayManage && <ConsolidateMonth resource={resource} />}
      <div className="card p-3">
        <DataTable
          list={list}
          columns={columns}
          page={query.data}
          loading={query.isLoading}
          query={query}
          rowKey={(d) => d.einvoice_id}
          emptyText="No e-invoices yet: they are made once the store's tax identity is set, from each month's sales."
        />
      </div>
    </>
  );
}
