import {
  KYC_DOCUMENT_MAX_BYTES,
  KYC_DOCUMENT_SIDES,
  KYC_DOCUMENT_TYPES,
  KYC_STATUS_LABELS,
  KYC_STATUSES,
  type Kyc,
  type KycDocumentSide,
  type KycInput,
  type KycStatus,
} from "@store/contract";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert, Badge, Button, Card, Form } from "react-bootstrap";
import { ApiError } from "../../api/client";
import { fetchDocument, fetchIdentity, uploadKycDocument, useKyc, useSaveKyc } from "../../api/kyc";
import { showToast } from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import { useCan } from "../../lib/permissions";

const STATUS_COLOURS: Record<KycStatus, string> = {
  none: "secondary",
  pending: "warning",
  verified: "success",
  rejected: "danger",
};

/** A KYC status as a badge in the chosen language. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  return (
    <Badge bg={STATUS_COLOURS[status]} text={status === "pending" ? "dark" : undefined}>
      {translate(KYC_STATUS_LABELS[status])}
    </Badge>
  );
}

const SIDE_LABELS: Record<KycDocumentSide, string> = {
  front: "Identity card (front)",
  back: "Identity card (back)",
};

/**
 * Edit User's KYC (docs/decisions/kyc.md): the status, the identity number
 * masked, the tax ID and the bank account holder's name for whoever sees the
 * member; the number in full and the identity card's pictures only with
 * kyc:view (each look is audited by the server); the form with kyc:manage
 * (a status change asks the step-up, as the other money controls do).
 */
export function KycPanel({ userId }: { userId: number }) {
  const kyc = useKyc(userId);
  const canManage = useCan("kyc:manage");
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="kyc-title">
      <Card.Header className="py-2">
        <h2 id="kyc-title" className="h6 mb-0">
          {translate("KYC")}
        </h2>
      </Card.Header>
      <Card.Body>
        {kyc.isLoading || !kyc.data ? (
          <p className="text-muted mb-0">
            {kyc.error ? errorText(kyc.error) : translate("Loading…")}
          </p>
        ) : (
          <>
            <KycSummary kyc={kyc.data} />
            {canManage && <KycForm kyc={kyc.data} />}
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function KycSummary({ kyc }: { kyc: Kyc }) {
  const canView = useCan("kyc:view");
  const [identity, setIdentity] = useState<string | null>(null);
  const reveal = async () => {
    try {
      const full = await fetchIdentity(kyc.user_id);
      setIdentity(full.nric ?? full.passport);
    } catch (error) {
      showToast(error instanceof ApiError ? error : String(error));
    }
  };
  const idLabel = kyc.id_type === "passport" ? "Passport number" : "NRIC";
  return (
    <dl className="row mb-3">
      <dt className="col-sm-4">{translate("Status")}</dt>
      <dd className="col-sm-8">
        <KycStatusBadge status={kyc.status} />
        {kyc.status === "rejected" && kyc.reason && <span className="ms-2">{kyc.reason}</span>}
        {kyc.status === "verified" && kyc.verified_at && (
          <small className="text-muted ms-2">
            {translate("Verified by {{name}} on {{date}}", {
              name: kyc.verified_by_username ?? "—",
              date: formatDateTime(kyc.verified_at),
            })}
          </small>
        )}
      </dd>
      <dt className="col-sm-4">{translate(idLabel)}</dt>
      <dd className="col-sm-8">
        <span className="font-monospace">{identity ?? kyc.id_masked ?? "—"}</span>
        {canView && kyc.id_masked && identity === null && (
          <Button variant="link" size="sm" className="py-0" onClick={() => void reveal()}>
            {translate("Show in full")}
          </Button>
        )}
      </dd>
      <dt className="col-sm-4">{translate("Tax ID (TIN)")}</dt>
      <dd className="col-sm-8">{kyc.tin || "—"}</dd>
      <dt className="col-sm-4">{translate("Bank Account Holder")}</dt>
      <dd className="col-sm-8">{kyc.bank_holder_name || "—"}</dd>
      <dt className="col-sm-4">{translate("Documents")}</dt>
      <dd className="col-sm-8">
        {KYC_DOCUMENT_SIDES.map((side) => (
          <KycDocument
            key={side}
            userId={kyc.user_id}
            side={side}
            present={kyc.documents[side]}
            canView={canView}
            version={kyc.version}
          />
        ))}
      </dd>
    </dl>
  );
}

/** One side of the card: said to be there; shown on request with kyc:view (audited). */
function KycDocument({
  userId,
  side,
  present,
  canView,
  version,
}: {
  userId: number;
  side: KycDocumentSide;
  present: boolean;
  canView: boolean;
  version: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  // A new version may hold a new picture: the one shown goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared on each new version.
  useEffect(() => {
    setUrl(null);
  }, [version]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const show = async () => {
    try {
      setUrl(URL.createObjectURL(await fetchDocument(userId, side)));
    } catch (error) {
      showToast(error instanceof ApiError ? error : String(error));
    }
  };
  const label = translate(SIDE_LABELS[side]);
  return (
    <div className="mb-1">
      {label}:{" "}
      {present ? translate("Uploaded") : <span className="text-muted">{translate("None")}</span>}
      {present && canView && url === null && (
        <Button variant="link" size="sm" className="py-0" onClick={() => void show()}>
          {translate("View")}
        </Button>
      )}
      {url && (
        <div>
          <img src={url} alt={label} className="rounded border mt-1" style={{ maxWidth: 320 }} />
        </div>
      )}
    </div>
  );
}

type IdType = "nric" | "passport";

/** The KYC form: the number is typed anew or left blank to keep the stored one. */
function KycForm({ kyc }: { kyc: Kyc }) {
  const save = useSaveKyc(kyc.user_id);
  const id = useId();
  const [idType, setIdType] = useState<IdType>(kyc.id_type ?? "nric");
  const [idNumber, setIdNumber] = useState("");
  const [tin, setTin] = useState(kyc.tin);
  const [holder, setHolder] = useState(kyc.bank_holder_name);
  const [status, setStatus] = useState<KycStatus>(kyc.status);
  const [reason, setReason] = useState(kyc.reason);
  const [documents, setDocuments] = useState<Partial<Record<KycDocumentSide, string>>>({});
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // What the server now holds is what the form starts from after a save.
  useEffect(() => {
    setTin(kyc.tin);
    setHolder(kyc.bank_holder_name);
    setStatus(kyc.status);
    setReason(kyc.reason);
    setIdNumber("");
    setDocuments({});
  }, [kyc]);

  const choose = async (side: KycDocumentSide, file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
    if (!(KYC_DOCUMENT_TYPES as readonly string[]).includes(ext)) {
      setProblem(translate("Choose a JPEG or PNG picture."));
      return;
    }
    if (file.size > KYC_DOCUMENT_MAX_BYTES) {
      setProblem(translate("The picture is larger than 5 MB."));
      return;
    }
    setUploading(true);
    try {
      const name = await uploadKycDocument(file);
      setDocuments((held) => ({ ...held, [side]: name }));
      setProblem(null);
    } catch (error) {
      setProblem(error instanceof ApiError ? errorText(error) : String(error));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: KycInput = {
      tin,
      bank_holder_name: holder,
      status,
      reason: status === "rejected" ? reason : "",
      ...(idNumber.trim() !== "" && { [idType]: idNumber }),
      ...(documents.front && { document_front: documents.front }),
      ...(documents.back && { document_back: documents.back }),
    };
    try {
      await save.mutateAsync({ input, version: kyc.version });
      setProblem(null);
      showToast(translate("KYC saved."), "success");
    } catch (error) {
      if (error instanceof ApiError) {
        error.shownOnFields = true;
        const issues = error.issues.length ? error.issues : [error];
        setProblem(issues.map((issue) => errorText(issue)).join(" "));
      } else setProblem(String(error));
    }
  };

  const field = (name: string) => `${id}-${name}`;
  return (
    <Form onSubmit={(event) => void submit(event)} aria-label={translate("Edit KYC")} noValidate>
      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}
      <div className="row">
        <Form.Group className="col-md-4 mb-3" controlId={field("type")}>
          <Form.Label>{translate("Identity Document")}</Form.Label>
          <Form.Select value={idType} onChange={(e) => setIdType(e.target.value as IdType)}>
            <option value="nric">{translate("NRIC")}</option>
            <option value="passport">{translate("Passport number")}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-md-8 mb-3" controlId={field("number")}>
          <Form.Label>{translate(idType === "nric" ? "NRIC" : "Passport number")}</Form.Label>
          <Form.Control
            value={idNumber}
            autoComplete="off"
            inputMode={idType === "nric" ? "numeric" : "text"}
            placeholder={idType === "nric" ? "YYMMDD-PB-####" : ""}
            aria-describedby={field("number-hint")}
            onChange={(e) => setIdNumber(e.target.value)}
          />
          <Form.Text id={field("number-hint")}>
            {translate("Leave blank to keep the number held.")}
          </Form.Text>
        </Form.Group>
        <Form.Group className="col-md-6 mb-3" controlId={field("tin")}>
          <Form.Label>{translate("Tax ID (TIN)")}</Form.Label>
          <Form.Control value={tin} autoComplete="off" onChange={(e) => setTin(e.target.value)} />
        </Form.Group>
        <Form.Group className="col-md-6 mb-3" controlId={field("holder")}>
          <Form.Label>{translate("Bank Account Holder")}</Form.Label>
          <Form.Control
            value={holder}
            autoComplete="off"
            onChange={(e) => setHolder(e.target.value)}
          />
        </Form.Group>
        {KYC_DOCUMENT_SIDES.map((side) => (
          <Form.Group key={side} className="col-md-6 mb-3" controlId={field(`doc-${side}`)}>
            <Form.Label>{translate(SIDE_LABELS[side])}</Form.Label>
            <Form.Control
              type="file"
              accept={KYC_DOCUMENT_TYPES.map((t) => `.${t}`).join(",")}
              disabled={uploading}
              onChange={(e) => void choose(side, (e.target as HTMLInputElement).files?.[0])}
            />
            {documents[side] && (
              <Form.Text>{translate("Uploaded; saved with the form.")}</Form.Text>
            )}
          </Form.Group>
        ))}
        <Form.Group className="col-md-4 mb-3" controlId={field("status")}>
          <Form.Label>{translate("Status")}</Form.Label>
          <Form.Select value={status} onChange={(e) => setStatus(e.target.value as KycStatus)}>
            {KYC_STATUSES.map((s) => (
              <option key={s} value={s}>
                {translate(KYC_STATUS_LABELS[s])}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {status === "rejected" && (
          <Form.Group className="col-md-8 mb-3" controlId={field("reason")}>
            <Form.Label>{translate("Reason")}</Form.Label>
            <Form.Control value={reason} onChange={(e) => setReason(e.target.value)} />
          </Form.Group>
        )}
      </div>
      <Button type="submit" disabled={save.isPending || uploading}>
        {translate("Save KYC")}
      </Button>
    </Form>
  );
}
