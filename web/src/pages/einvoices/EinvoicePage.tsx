import { type Einvoice, einvoiceCancelInput } from "@store/contract";
import { type ReactNode, useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import {
  downloadEinvoiceDocument,
  readEinvoiceDocument,
  useCancelEinvoice,
  useEinvoice,
  useResubmitEinvoice,
} from "../../api/einvoices";
import {
  ConfirmDialog,
  Field,
  PageHeader,
  RecordForm,
  reportStaleRow,
  showToast,
  TableSkeleton,
  useRecordForm,
} from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { EinvoiceCovers, EinvoiceErrors, EinvoiceStatusBadge, typeText } from "./einvoiceText";

/** A positive whole number from the address, else null. */
const idOf = (raw: string | null) =>
  raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

function Summary({ doc }: { doc: Einvoice }) {
  const items: [string, ReactNode][] = [
    ["Type", typeText(doc)],
    ["Order / Month", <EinvoiceCovers key="covers" doc={doc} />],
    ["Amount", formatMoney(doc.amount)],
    ["SST", formatMoney(doc.tax)],
    ["Submitted", formatDateTime(doc.submitted_at)],
    ["Validated", formatDateTime(doc.validated_at)],
    ["UUID", doc.uuid ?? "-"],
    ["Long ID", doc.long_id ?? "-"],
    ["Submission UID", doc.submission_uid ?? "-"],
    ["Created Date", formatDateTime(doc.created_at)],
  ];
  if (doc.original_id !== null) items.push(["Original document", `#${doc.original_id}`]);
  if (doc.cancelled_at !== null) {
    items.push(["Cancelled", formatDateTime(doc.cancelled_at)]);
    items.push(["Reason", doc.cancel_reason ?? "-"]);
  }
  return (
    <dl className="row mb-0" data-testid="einvoice-summary">
      {items.map(([label, value]) => (
        <div key={label} className="col-6 col-md-4 col-xl-3 mb-2">
          <dt className="small text-muted fw-normal">{translate(label)}</dt>
          <dd className="mb-0 text-break">{value}</dd>
        </div>
      ))}
      <div className="col-12 mb-2">
        <dt className="small text-muted fw-normal">{translate("SHA-256")}</dt>
        <dd className="mb-0 font-monospace small text-break">{doc.document_hash}</dd>
      </div>
    </dl>
  );
}

/** "View JSON" shows the exact bytes sent; "Download JSON" saves them. */
function DocumentJson({ doc }: { doc: Einvoice }) {
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const view = async () => {
    if (text !== null) {
      setText(null);
      return;
    }
    setBusy(true);
    try {
      setText(await readEinvoiceDocument(doc.einvoice_id));
    } catch (error) {
      if (error instanceof ApiError) showToast(error);
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    try {
      const name = await downloadEinvoiceDocument(doc);
      showToast(translate("{{file}} downloaded.", { file: name }), "success");
    } catch (error) {
      if (error instanceof ApiError) showToast(error);
    }
  };
  return (
    <div className="card p-3 mt-3">
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-secondary"
          onClick={() => void view()}
          disabled={busy}
          aria-expanded={text !== null}
          aria-controls="einvoice-json"
        >
          {text === null ? translate("View JSON") : translate("Hide JSON")}
        </Button>
        <Button variant="outline-secondary" onClick={() => void download()}>
          {translate("Download JSON")}
        </Button>
      </div>
      {text !== null && (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset would give the text a form's semantics.
        <div
          id="einvoice-json"
          role="group"
          aria-label={translate("The document as sent")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to be scrolled by keyboard.
          tabIndex={0}
          className="mt-3 bg-body-tertiary p-2 border rounded"
          style={{ maxHeight: 480, overflow: "auto" }}
        >
          <pre className="mb-0 small">{pretty(text)}</pre>
        </div>
      )}
    </div>
  );
}

/** Indented for reading; the bytes as sent if they are not JSON. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Cancel asks LHDN's reason; a refusal (past 72 hours, LHDN's no, MyInvois down) is said here. */
function CancelDialog({ doc, onClose }: { doc: Einvoice | null; onClose: () => void }) {
  const cancel = useCancelEinvoice();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const form = useRecordForm({
    schema: einvoiceCancelInput,
    defaults: { reason: "" },
    guard: false,
    savedMessage: false,
    save: async (input) => {
      if (!doc) return;
      setRefusal(null);
      try {
        return await cancel.mutateAsync({ doc, input });
      } catch (error) {
        if (reportStaleRow(error, doc.internal_id)) return null;
        if (error instanceof ApiError && (error.status === 409 || error.status === 503)) {
          error.shownOnFields = true;
          setRefusal(errorText(error));
          return null;
        }
        throw error;
      }
    },
    onSaved: (result) => {
      if (result === null) return;
      showToast(translate("{{number}} cancelled.", { number: doc?.internal_id ?? "" }), "success");
      close();
    },
  });
  return (
    <ConfirmDialog
      show={doc !== null}
      title="Cancel e-invoice"
      confirmLabel="Cancel e-invoice"
      busy={cancel.isPending || form.isSubmitting}
      onCancel={close}
      onConfirm={() => void form.onSubmit()}
    >
      {translate(
        "Cancel {{number}} at LHDN? A valid document may be cancelled within 72 hours of its validation; after, issue a credit note.",
        { number: doc?.internal_id ?? "" },
      )}
      {refusal && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {refusal}
        </Alert>
      )}
      <RecordForm form={form}>
        <Field name="reason" id="einvoice-cancel-reason" label="Reason" className="mt-3 mb-0">
          {(input) => <Form.Control {...input} as="textarea" rows={2} maxLength={300} />}
        </Field>
      </RecordForm>
    </ConfirmDialog>
  );
}

/** Send again (a draft or invalid one) and Cancel (a valid one): for a person who may manage. */
function Actions({ doc }: { doc: Einvoice }) {
  const resubmit = useResubmitEinvoice();
  const [cancelling, setCancelling] = useState(false);
  const resendable = doc.status === "draft" || doc.status === "invalid";
  const sendAgain = () =>
    resubmit.mutate(doc, {
      onSuccess: (sent) =>
        showToast(
          translate("{{number}} is built again and queued to be sent.", {
            number: sent.internal_id,
          }),
          "success",
        ),
      onError: (error) => reportStaleRow(error, doc.internal_id),
    });
  if (!resendable && doc.status !== "valid") return null;
  return (
    <div className="d-flex flex-wrap gap-2 mb-3">
      {resendable && (
        <Button variant="primary" disabled={resubmit.isPending} onClick={sendAgain}>
          {translate("Send again")}
        </Button>
      )}
      {doc.status === "valid" && (
        <Button variant="outline-danger" onClick={() => setCancelling(true)}>
          {translate("Cancel e-invoice")}
        </Button>
      )}
      <CancelDialog doc={cancelling ? doc : null} onClose={() => setCancelling(false)} />
    </div>
  );
}

/**
 * /einvoice?id={einvoice_id}: one document, every field kept of it, LHDN's
 * errors, the validation link once valid, its JSON as sent; for a person who
 * may manage e-invoices, Send again and Cancel.
 */
export default function EinvoicePage({ resource, screen }: ScreenProps) {
  const [search] = useSearchParams();
  const id = idOf(search.get(screen.param ?? "id"));
  const query = useEinvoice(id);
  const mayManage = useMayDo("update");
  const doc = query.data;
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <>
      <PageHeader title={doc ? doc.internal_id : screen.title} backTo={resource.list.path} />
      {missing ? (
        <p className="text-muted" role="alert">
          {translate("No e-invoice with this id.")}
        </p>
      ) : query.error ? (
        <p className="text-muted" role="alert">
          {errorText(query.error)}
        </p>
      ) : !doc ? (
        <TableSkeleton />
      ) : (
        <>
          <div className="card p-3 mb-3">
            <div className="mb-2 d-flex flex-wrap gap-3 align-items-center">
              <EinvoiceStatusBadge status={doc.status} />
              {doc.validation_link && (
                <a href={doc.validation_link} target="_blank" rel="noreferrer">
                  {translate("Validation link")}
                </a>
              )}
            </div>
            <Summary doc={doc} />
          </div>
          {mayManage && <Actions doc={doc} />}
          {doc.errors.length > 0 && (
            <div className="card p-3">
              <h2 className="h6">{translate("LHDN's errors")}</h2>
              <EinvoiceErrors doc={doc} />
            </div>
          )}
          <DocumentJson doc={doc} />
        </>
      )}
    </>
  );
}
