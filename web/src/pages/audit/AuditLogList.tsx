import type { AuditEntry } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import { useAuditLog } from "../../api/audit";
import {
  AuditActor,
  AuditChanges,
  AuditRecord,
  actionLabel,
  auditKinds,
  type Column,
  DataTable,
  kindName,
  type ListFilter,
  type ListState,
  PageHeader,
  useDebouncedText,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import { useResources } from "../../resources/context";

// view: a read of personal data (a member's full NRIC or identity card, docs/decisions/kyc.md).
const ACTIONS = ["create", "update", "delete", "login", "login_failed", "logout", "upload", "view"];

/** Actor and record id are typed (drawn here); the kinds and dates are the shared filter bar's. */
const filtersOf = (kinds: string[]): ListFilter[] => [
  {
    kind: "choice",
    name: "entity",
    label: "Record",
    options: kinds.map((e) => ({ value: e, label: kindName(e) })),
  },
  { kind: "choice", name: "entity_id", label: "Record ID", options: [], custom: true },
  {
    kind: "choice",
    name: "action",
    label: "Action",
    options: ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
  },
  { kind: "choice", name: "actor", label: "Changed by", options: [], custom: true },
  { kind: "dates", name: "created_at", label: "Date" },
];

/** A typed filter: applied after a short pause, kept in the URL like the others. */
function TextFilter({
  list,
  name,
  label,
  inputMode,
}: {
  list: ListState;
  name: string;
  label: string;
  inputMode?: "numeric";
}) {
  const current = list.values(name)[0] ?? "";
  const [text, setText] = useDebouncedText(
    current,
    (typed) => list.setFilter(name, typed ? [typed] : []),
    400,
  );
  const id = `audit-filter-${name}`;
  return (
    <Form.Group>
      <Form.Label htmlFor={id} className="small mb-1">
        {translate(label)}
      </Form.Label>
      <Form.Control
        id={id}
        size="sm"
        inputMode={inputMode}
        style={{ width: 160 }}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Form.Group>
  );
}

/**
 * /auditLog: every recorded change, newest first, searched by the record's
 * label (a product's name, an order's number, a member's username) or who
 * made it, filtered by record, id, action, who and when; each row names its
 * record, links to where it is seen, and shows what changed field by field.
 */
export default function AuditLogList() {
  const { all } = useResources();
  const filters = useMemo(() => filtersOf(auditKinds(all)), [all]);
  const list = useListState({ filters });
  const query = useAuditLog(list.params, true);
  const { data, isLoading } = query;

  const columns: Column<AuditEntry>[] = [
    {
      header: "Date",
      role: "key",
      cell: (e) => formatDateTime(e.created_at),
      className: "text-nowrap",
      sort: "created_at",
      sticky: "start",
    },
    { header: "Changed by", cell: (e) => <AuditActor entry={e} />, sort: "actor" },
    { header: "Action", cell: (e) => translate(actionLabel(e.action)), sort: "action" },
    {
      header: "Record",
      sort: "entity",
      exportFields: ["entity", "entity_id", "label"],
      cell: (e) => <AuditRecord entry={e} />,
    },
    {
      header: "Changes",
      cell: (e) => <AuditChanges entry={e} />,
      className: "audit-cell",
      exportFields: ["before", "after"],
    },
  ];

  return (
    <>
      <PageHeader title={translate("Audit Log")} />
      <div className="card p-3">
        <div className="d-flex flex-wrap gap-3 mb-2">
          <TextFilter list={list} name="actor" label="Changed by (username)" />
          <TextFilter list={list} name="entity_id" label="Record ID" inputMode="numeric" />
        </div>
        <DataTable
          list={list}
          columns={columns}
          page={data}
          loading={isLoading}
          query={query}
          rowKey={(e) => e.audit_id}
          exportFrom="auditLog"
          emptyText="No changes match these filters."
        />
      </div>
    </>
  );
}
