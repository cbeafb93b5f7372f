import type { Wallet } from "@store/contract";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { recordVersion } from "../../api/client";
import { useRemoveWallet, users, wallets } from "../../api/people";
import {
  type BulkAction,
  type Column,
  DataTable,
  deleteAction,
  type ListFilter,
  PageHeader,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatDecimal, formatMoney } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { useMemberDeleteDialog } from "./useMemberDeleteDialog";

/** A bulk delete says what a single one says: the users go too. */
const deleteWallets: BulkAction = {
  ...deleteAction,
  question: (what) =>
    translate(
      "Are you sure you want to delete {{what}}? Deleting a wallet also deletes its user.",
      {
        what,
      },
    ),
};

const filters: ListFilter[] = [
  { kind: "dates", name: "recent_spend_at", label: "Recent Spend Date" },
  // Four-eyes payouts: members with a credit adjustment awaiting a second person (the bell's link).
  {
    kind: "choice",
    name: "awaiting_adjustment",
    label: "Adjustment",
    options: [{ value: "1", label: "Awaiting second approval" }],
  },
];

/** /userWallets: each user's wallet, cash wallet and PV; deleting a wallet deletes its user. */
export default function WalletList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = wallets.useList(list.params);
  const { data, isLoading } = query;
  const remove = useRemoveWallet();
  const mayDelete = useMayDo("delete", resource);
  // A wallet goes with its user.
  const bulk = wallets.useBulk(users.keys.all, ["withdrawRequests"], ["dashboard"]);
  // A wallet row does not carry the referrals: the server's 409 tells them, then the dialog asks.
  const deleteDialog = useMemberDeleteDialog<Wallet>({
    remove,
    member: (w) => ({
      id: w.wallet_id,
      user_id: w.user_id,
      username: w.username,
      version: recordVersion(w),
    }),
    question: (w) => (
      <>
        {translate('Are you sure you want to delete "[{{name}}]\'s wallet"?', { name: w.username })}
        <div className="small text-muted mt-2">
          {translate("Deleting the wallet also deletes the user.")}
        </div>
      </>
    ),
  });

  const columns: Column<Wallet>[] = [
    { header: "Username", role: "key", cell: (w) => w.username, sort: "username", sticky: "start" },
    { header: "First Name", optional: true, cell: (w) => w.f_name, sort: "f_name" },
    { header: "Last Name", optional: true, cell: (w) => w.l_name, sort: "l_name" },
    { header: "E-mail", optional: true, cell: (w) => w.email, sort: "email" },
    { header: "Phone", cell: (w) => w.contact, sort: "contact" },
    {
      header: "Wallet Amount",
      role: "money",
      cell: (w) => formatMoney(w.wallet_amt),
      className: "text-end text-nowrap",
      sort: "wallet_amt",
    },
    {
      header: "Cash Wallet Amount",
      role: "money",
      cell: (w) => formatMoney(w.c_wallet_amt),
      className: "text-end text-nowrap",
      sort: "c_wallet_amt",
    },
    {
      header: "PV Amount",
      role: "money",
      cell: (w) => `${formatDecimal(w.ttl_pv)} PV`,
      className: "text-end text-nowrap",
      sort: "ttl_pv",
    },
    {
      header: "Recent Spend Date",
      cell: (w) => formatDateTime(w.recent_spend_at),
      className: "text-nowrap",
      sort: "recent_spend_at",
    },
    {
      header: "Actions",
      role: "actions",
      sticky: "end",
      cell: (w) => (
        <div className="d-flex gap-1">
          <Link
            to={resource.link("statement", w.user_id)}
            className="btn btn-sm btn-outline-primary"
            aria-label={translate("Statement of {{name}}", { name: w.username })}
          >
            {translate("Statement")}
          </Link>
          {mayDelete && (
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={translate("Delete {{name}}'s wallet", { name: w.username })}
              onClick={() => deleteDialog.ask(w)}
            >
              {translate("Delete")}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={translate("User Wallets")} />
      <div className="card p-3">
        <DataTable
          list={list}
          exportFrom={wallets.list}
          bulk={{
            idOf: (w) => w.wallet_id,
            nameOf: (w) => `${w.username}'s wallet`,
            noun: { one: "wallet", many: "wallets" },
            actions: [deleteWallets],
            run: bulk,
          }}
          columns={columns}
          page={data}
          loading={isLoading}
          query={query}
          rowKey={(w) => w.wallet_id}
        />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
