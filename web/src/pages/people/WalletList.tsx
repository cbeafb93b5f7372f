import type { Wallet } from "@store/contract";
import { Button } from "react-bootstrap";
import { useRemoveWallet, wallets } from "../../api/people";
import {
  type Column,
  DataTable,
  PageHeader,
  useDeleteDialog,
  useListState,
} from "../../components";
import { formatDateTime, formatDecimal, formatMoney } from "../../lib/format";

/** /userWallets: each user's wallet, cash wallet and PV; deleting a wallet deletes its user. */
export default function WalletList() {
  const list = useListState();
  const { data, isLoading } = wallets.useList(list.params);
  const remove = useRemoveWallet();
  const deleteDialog = useDeleteDialog<Wallet>({
    remove,
    idOf: (w) => w.wallet_id,
    question: (w) => (
      <>
        Are you sure you want to delete "[{w.username}]'s wallet"?
        <div className="small text-muted mt-2">Deleting the wallet also deletes the user.</div>
      </>
    ),
  });

  const columns: Column<Wallet>[] = [
    { header: "Username", cell: (w) => w.username },
    { header: "First Name", cell: (w) => w.f_name },
    { header: "Last Name", cell: (w) => w.l_name },
    { header: "E-mail", cell: (w) => w.email },
    { header: "Phone", cell: (w) => w.contact },
    {
      header: "Wallet Amount",
      cell: (w) => formatMoney(w.wallet_amt),
      className: "text-end text-nowrap",
    },
    {
      header: "Cash Wallet Amount",
      cell: (w) => formatMoney(w.c_wallet_amt),
      className: "text-end text-nowrap",
    },
    {
      header: "PV Amount",
      cell: (w) => `${formatDecimal(w.ttl_pv)} PV`,
      className: "text-end text-nowrap",
    },
    {
      header: "Recent Spend Date",
      cell: (w) => formatDateTime(w.recent_spend_at),
      className: "text-nowrap",
    },
    {
      header: "Actions",
      cell: (w) => (
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={`Delete ${w.username}'s wallet`}
          onClick={() => deleteDialog.ask(w)}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Users Wallet" />
      <div className="card p-3">
        <DataTable columns={columns} page={data} loading={isLoading} rowKey={(w) => w.wallet_id} />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
