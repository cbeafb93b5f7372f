import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_ACCOUNTS,
  LEDGER_REASON_LABELS,
  type LedgerAccount,
  type LedgerEntry,
} from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import type { ListParams } from "../../api/crud";
import { type Balances, useBalances, useLedger, useOwed } from "../../api/ledger";
import { users } from "../../api/people";
import {
  type Column,
  DataTable,
  ExportButton,
  type ListFilter,
  MissingRecord,
  PageHeader,
  useListState,
  useRecordId,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatBalance, formatDateTime, formatDecimal } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { useMayDo, useResources } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { AdjustDialog } from "./AdjustDialog";
import { PendingAdjustments } from "./PendingAdjustments";

/**
 * The wallet list's column names for the three balances (docs/REQUIREMENTS.md
 * section 2), and the two a commission plan holds until its period is released.
 */
const BALANCE_TITLES: Record<LedgerAccount, string> = {
  wallet: "Wallet Amount",
  cash_wallet: "Cash Wallet Amount",
  pv: "PV Amount",
  held: LEDGER_ACCOUNT_LABELS.held,
  held_pv: LEDGER_ACCOUNT_LABELS.held_pv,
  tax_withheld: LEDGER_ACCOUNT_LABELS.tax_withheld,
};

/** Held balances: not the member's to spend until their period is released. */
const HELD: ReadonlySet<LedgerAccount> = new Set(["held", "held_pv"]);

/** The statement narrowed to one balance: drawn by the list's filter bar, kept in the URL. */
const FILTERS: readonly ListFilter[] = [
  {
    kind: "choice",
    name: "account",
    label: "Account",
    options: LEDGER_ACCOUNTS.map((a) => ({ value: a, label: LEDGER_ACCOUNT_LABELS[a] })),
  },
];

/** "+RM 25.50" or "-RM 5.25": the sign first, so a debit reads as one. */
function SignedAmount({ entry }: { entry: LedgerEntry }) {
  const debit = entry.amount.startsWith("-");
  const size = debit ? entry.amount.slice(1) : entry.amount;
  return (
    <span className={debit ? "text-danger" : "text-success"}>
      {debit ? "-" : "+"}
      {formatBalance(entry.account, size)}
    </span>
  );
}

/** Where an entry came from: its order (Edit Order), its withdrawal request or its commission period. */
function Reference({ entry }: { entry: LedgerEntry }) {
  const resources = useResources();
  const mayViewCommissions = useCan("commissions:view");
  if (entry.ref_type === "order" && entry.ref_id !== null)
    return (
      <Link to={resources.editLink("order", entry.ref_id)}>
        {translate("{{field}} #{{id}}", { field: translate("Order"), id: entry.ref_id })}
      </Link>
    );
  if (entry.ref_type === "withdrawal" && entry.ref_id !== null)
    return (
      <Link to={`${resources.path("withdrawRequest")}?withdraw_id=${entry.ref_id}`}>
        {translate("{{field}} #{{id}}", { field: translate("Withdrawal"), id: entry.ref_id })}
      </Link>
    );
  if (entry.ref_type === "period" && entry.ref_id !== null) {
    const text = translate("{{field}} #{{id}}", {
      field: translate("Commission period"),
      id: entry.ref_id,
    });
    // The period's report is commissions:view; without it the reference is said, not linked.
    return mayViewCommissions ? (
      <Link to={resources.link("commissions", "report", entry.ref_id)}>{text}</Link>
    ) : (
      text
    );
  }
  return <>-</>;
}

/** An entry's reason, and the plan level of a commission's (held, released, reversed). */
function ReasonText({ entry }: { entry: LedgerEntry }) {
  const reason = translate(LEDGER_REASON_LABELS[entry.reason]);
  if (entry.level === null) return <>{reason}</>;
  return (
    <>
      {reason}
      <div className="small text-muted">{translate("Level {{level}}", { level: entry.level })}</div>
    </>
  );
}

/**
 * /walletStatement?uid={user_id}: a member's wallet, cash wallet and PV, and
 * every entry behind them, newest first; an admin's adjustment and the
 * statement as CSV. docs/decisions/wallet-statement.md.
 */
export default function WalletStatementPage({ resource, screen }: ScreenProps) {
  const resources = useResources();
  const { id, invalid } = useRecordId(screen.param ?? "");
  const list = useListState({ filters: FILTERS });
  const member = users.useOne(id);
  const balances = useBalances(id);
  const owed = useOwed(id);
  const params: ListParams = { ...list.params, user_id: id ?? 0 };
  const ledger = useLedger(params, id !== null);
  const [adjusting, setAdjusting] = useState(false);
  // An adjustment changes the wallet: wallets:manage.
  const mayAdjust = useMayDo("update", resource);
  const mayViewCommissions = useCan("commissions:view");

  const unknown = member.error instanceof ApiError && member.error.status === 404;
  if (id === null || invalid || unknown)
    return (
      <MissingRecord
        what="member"
        backTo={resource.list.path}
        backLabel={`Back to ${resource.list.title}`}
      />
    );
  const username = member.data?.username ?? "";

  const columns: Column<LedgerEntry>[] = [
    {
      header: "Date",
      role: "key",
      cell: (e) => formatDateTime(e.created_at),
      className: "text-nowrap",
    },
    { header: "Account", cell: (e) => translate(LEDGER_ACCOUNT_LABELS[e.account]) },
    { header: "Reason", cell: (e) => <ReasonText entry={e} /> },
    {
      header: "Amount",
      role: "money",
      cell: (e) => <SignedAmount entry={e} />,
      className: "text-end text-nowrap",
    },
    {
      header: "Balance After",
      role: "money",
      cell: (e) => formatBalance(e.account, e.balance_after),
      className: "text-end text-nowrap",
    },
    { header: "Reference", cell: (e) => <Reference entry={e} /> },
    { header: "By", cell: (e) => e.actor_username ?? translate("System") },
    { header: "Note", cell: (e) => e.note || "-" },
  ];

  return (
    <>
      <PageHeader title={translate("Wallet Statement")} backTo={resource.list.path}>
        {/* The shared list export: every entry on show, streamed by the server. */}
        <ExportButton
          list={list}
          from="walletLedger"
          params={{ ...list.exportParams, user_id: id }}
        />
        {mayAdjust && (
          <Button variant="primary" onClick={() => setAdjusting(true)} disabled={!balances.data}>
            {translate("Adjust")}
          </Button>
        )}
      </PageHeader>
      <div className="card p-3 mb-3">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-3">
          <div>
            <h2 className="h5 mb-0">{username || "…"}</h2>
            {member.data && (
              <span className="text-muted">
                {member.data.f_name} {member.data.l_name} · {member.data.email}
              </span>
            )}
          </div>
          <div className="d-flex gap-3 align-items-start">
            <Link to={resources.editLink("users", id)}>{translate("Edit User")}</Link>
            <Link to={resources.link("users", "genealogy", id)}>{translate("Tree")}</Link>
            {mayViewCommissions && (
              <Link to={resources.link("commissions", "statement", id)}>
                {translate("Commission Statement")}
              </Link>
            )}
          </div>
        </div>
        <BalanceCards balances={balances.data} />
        <OwedLines cash={owed.data?.cash_wallet} pv={owed.data?.pv} />
      </div>
      <PendingAdjustments userId={id} mayDecide={mayAdjust} />
      <div className="card p-3">
        <DataTable
          list={list}
          columns={columns}
          page={ledger.data}
          loading={ledger.isLoading}
          query={ledger}
          rowKey={(e) => e.entry_id}
          emptyText="No entries yet."
        />
      </div>
      {balances.data && (
        <AdjustDialog
          show={adjusting}
          userId={id}
          username={username}
          balances={balances.data}
          onClose={() => setAdjusting(false)}
        />
      )}
    </>
  );
}

/**
 * Reversals the balances could not cover (docs/REQUIREMENTS.md section 4,
 * "Payout rules"): shown only when something is still owed; it is taken from
 * the member's next credits.
 */
function OwedLines({ cash, pv }: { cash: string | undefined; pv: string | undefined }) {
  const owesCash = cash !== undefined && cash !== "0.00";
  const owesPv = pv !== undefined && pv !== "0.00";
  if (!owesCash && !owesPv) return null;
  return (
    <div className="text-danger mt-3" data-testid="owed">
      {owesCash && (
        <p className="mb-1">
          {translate("Owed from reversed commissions: RM {{amount}}", {
            amount: formatDecimal(cash),
          })}
        </p>
      )}
      {owesPv && (
        <p className="mb-1">
          {translate("PV owed from reversed orders: {{amount}} PV", { amount: formatDecimal(pv) })}
        </p>
      )}
      <p className="small text-muted mb-0">
        {translate("Recovered from the member's next credits.")}
      </p>
    </div>
  );
}

function BalanceCards({ balances }: { balances: Balances | undefined }) {
  return (
    <section className="row g-3 mb-0" aria-label={translate("Balances")}>
      {LEDGER_ACCOUNTS.map((account) => (
        <div key={account} className="col-sm-4">
          {/* One <dl> a card: a list's items may not sit in the grid's nested boxes. */}
          <dl
            className={`border rounded p-3 h-100 mb-0${HELD.has(account) || account === "tax_withheld" ? " bg-body-tertiary" : ""}`}
          >
            <dt className="small text-muted fw-normal">{translate(BALANCE_TITLES[account])}</dt>
            <dd className="h4 mb-0" data-testid={`balance-${account}`}>
              {balances ? formatBalance(account, balances[account]) : "…"}
            </dd>
            {HELD.has(account) && (
              <dd className="small text-muted mb-0">
                {translate("Paid in when its commission period is released.")}
              </dd>
            )}
            {account === "tax_withheld" && (
              <dd className="small text-muted mb-0">
                {translate("Kept back from payouts for the tax authority (s.107D).")}
              </dd>
            )}
          </dl>
        </div>
      ))}
    </section>
  );
}
