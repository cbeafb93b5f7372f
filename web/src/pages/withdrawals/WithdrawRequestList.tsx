/** Placeholder until this screen's issue fills it in. */
export default function WithdrawRequestList() {
  return <h1 className="h4">Withdraw requests</h1>;
}
