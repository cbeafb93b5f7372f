/** Placeholder until this screen's issue fills it in. */
export default function WalletList() {
  return <h1 className="h4">User wallets</h1>;
}
