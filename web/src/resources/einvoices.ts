import { defineResource } from "./define";

/**
 * E-invoices to LHDN's MyInvois (docs/decisions/einvoices.md): every document
 * the store gives the tax authority, with LHDN's answer. Reading them and
 * their JSON is einvoices:view; the month's consolidated run, sending again
 * and cancelling are einvoices:manage. Beside the CP58 statements, the other
 * documents the store owes the tax authority.
 */
export const einvoices = defineResource({
  name: "einvoices",
  area: "einvoices",
  api: "einvoices",
  entity: "Einvoice",
  noun: { one: "e-invoice", many: "e-invoices" },
  list: {
    path: "/einvoices",
    title: "E-invoices",
    screen: () => import("../pages/einvoices/EinvoiceList"),
  },
  more: {
    document: {
      path: "/einvoice",
      title: "E-invoice",
      param: "id",
      screen: () => import("../pages/einvoices/EinvoicePage"),
    },
  },
  sidebar: { group: "money", label: "E-invoices", icon: "list", order: 88 },
});
