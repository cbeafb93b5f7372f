import { defineResource } from "./define";

/** Every member's wallets, and one member's statement with its adjustments. */
export const userWallets = defineResource({
  name: "userWallets",
  area: "wallets",
  api: "usersWallet",
  entity: "Wallet",
  noun: { one: "wallet", many: "wallets" },
  list: {
    path: "/userWallets",
    title: "User Wallets",
    screen: () => import("../pages/people/WalletList"),
  },
  more: {
    statement: {
      path: "/walletStatement",
      title: "Wallet Statement",
      param: "uid",
      screen: () => import("../pages/ledger/WalletStatementPage"),
    },
  },
  sidebar: { group: "money", label: "User Wallets", icon: "wallet", order: 70 },
});
