import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../src/api/client";
import type { MemberDeletion } from "../src/api/people";
import { setLanguage } from "../src/i18n/index";
import { type MemberRow, useMemberDeleteDialog } from "../src/pages/people/useMemberDeleteDialog";
import { resources } from "../src/resources";
import { ResourcesContext, resourceLookups } from "../src/resources/context";

afterEach(cleanup);

const MONEY =
  "ali holds RM 300.00 in the cash wallet, RM 20.00 in the wallet and 5.00 PV. Zero them with an adjustment on the statement (paid out by hand, or forfeited), then delete.";
const holdsMoney = () =>
  new ApiError(
    409,
    MONEY,
    [],
    { balances: { wallet: "20.00", cash_wallet: "300.00", pv: "5.00" } },
    null,
    "member_holds_money",
    { name: "ali", cash: "300.00", wallet: "20.00", pv: "5.00" },
  );
const refersOthers = () =>
  new ApiError(
    409,
    "ali refers 3 members: choose whether they move to ali's referrer (bob) or to no referrer.",
    [],
    { referrals: 3, referrer: { user_id: 2, username: "bob" } },
    null,
    "member_refers",
    { name: "ali", count: 3, referrer: "bob" },
  );

/** A list's row and its Delete button, as UserList and WalletList draw them. */
function Screen({ row, call }: { row: MemberRow; call: (m: MemberDeletion) => Promise<unknown> }) {
  const remove = useMutation({ mutationFn: call });
  const { ask, dialog } = useMemberDeleteDialog<MemberRow>({
    remove,
    member: (r) => r,
    question: (r) => `Are you sure you want to delete "${r.username}"?`,
  });
  return (
    <>
      <button type="button" onClick={() => ask(row)}>
        Delete
      </button>
      {dialog}
    </>
  );
}

function renderScreen(row: MemberRow, call: (m: MemberDeletion) => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <Screen row={row} call={call} /> }], {
    initialEntries: ["/users"],
  });
  render(
    <QueryClientProvider client={client}>
      <ResourcesContext.Provider value={resourceLookups(resources)}>
        <RouterProvider router={router} />
      </ResourcesContext.Provider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  return router;
}

const confirmButton = () =>
  within(screen.getByRole("dialog")).getByRole("button", { name: /Confirm/ });

const ali = { id: 7, user_id: 7, username: "ali" };

describe("a member's Delete Alert", () => {
  it("asks where the referrals go before it deletes; Confirm waits for the choice", async () => {
    const calls: MemberDeletion[] = [];
    renderScreen(
      { ...ali, referrals: { count: 3, referrer: { user_id: 2, username: "bob" } } },
      async (m) => calls.push(m),
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("ali refers 3 members.")).toBeTruthy();
    expect(within(dialog).getByLabelText("Move them to bob")).toBeTruthy();
    expect(confirmButton()).toHaveProperty("disabled", true);
    fireEvent.click(within(dialog).getByLabelText("Move them to bob"));
    expect(confirmButton()).toHaveProperty("disabled", false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([{ id: 7, referrals: "up" }]);
  });

  it("offers only 'no referrer' when the member has no referrer, and asks nothing of a member who refers no one", async () => {
    const calls: MemberDeletion[] = [];
    renderScreen({ ...ali, referrals: { count: 1, referrer: null } }, async (m) => calls.push(m));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("ali refers 1 member.")).toBeTruthy();
    expect(within(dialog).queryByLabelText(/Move them to/)).toBeNull();
    fireEvent.click(within(dialog).getByLabelText("Leave them with no referrer"));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(calls).toEqual([{ id: 7, referrals: "none" }]));
    cleanup();

    const plain: MemberDeletion[] = [];
    renderScreen({ ...ali, referrals: { count: 0, referrer: null } }, async (m) => plain.push(m));
    await screen.findByRole("dialog");
    expect(screen.queryByRole("radio")).toBeNull();
    fireEvent.click(confirmButton());
    await waitFor(() => expect(plain).toEqual([{ id: 7, referrals: undefined }]));
  });

  it("a member holding money: the 409's message stays in the dialog with a link to the statement", async () => {
    const router = renderScreen(ali, async () => {
      throw holdsMoney();
    });
    fireEvent.click(confirmButton());
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(MONEY);
    const link = within(alert).getByRole("link", { name: "Open ali's statement" });
    expect(link.getAttribute("href")).toBe("/walletStatement?uid=7");
    expect(confirmButton()).toHaveProperty("disabled", true);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.search).toBe("?uid=7"));
    expect(router.state.location.pathname).toBe("/walletStatement");
  });

  it("a wallet row, which does not know the referrals: the first 409 brings the choice", async () => {
    const calls: MemberDeletion[] = [];
    renderScreen({ id: 40, user_id: 7, username: "ali" }, async (m) => {
      calls.push(m);
      if (!m.referrals) throw refersOthers();
      return {};
    });
    expect(screen.queryByRole("radio")).toBeNull();
    fireEvent.click(confirmButton());
    const none = await screen.findByLabelText("Leave them with no referrer");
    expect(screen.getByLabelText("Move them to bob")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(none);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([
      { id: 40, referrals: undefined },
      { id: 40, referrals: "none" },
    ]);
  });
});

describe("in Malay", () => {
  afterAll(() => setLanguage("en"));

  it("says the refusal and the choices in the chosen language", async () => {
    await setLanguage("ms");
    renderScreen(
      { ...ali, referrals: { count: 3, referrer: { user_id: 2, username: "bob" } } },
      async () => {
        throw holdsMoney();
      },
    );
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("ali merujuk 3 ahli.")).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("Pindahkan mereka kepada bob"));
    fireEvent.click(within(dialog).getByRole("button", { name: /Sahkan/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "ali masih mempunyai RM 300.00 dalam dompet tunai, RM 20.00 dalam dompet dan 5.00 PV.",
    );
    expect(within(alert).getByRole("link", { name: "Buka penyata ali" })).toBeTruthy();
  });
});
