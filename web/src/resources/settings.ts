import { defineResource } from "./define";

/** The settings tabs; the payment keys are secrets:manage (issue 22). */
export const settings = defineResource({
  name: "settings",
  area: "settings",
  entity: "Settings",
  list: {
    path: "/settings",
    title: "Settings",
    screen: () => import("../pages/settings/SettingsPage"),
  },
  more: {
    paymentMethod: {
      path: "/paymentMethod",
      title: "Payment Method",
      screen: () => import("../pages/settings/PaymentMethodPage"),
    },
  },
  sidebar: { group: "system", label: "Settings", icon: "gear", order: 140 },
});
