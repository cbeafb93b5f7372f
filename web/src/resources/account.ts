import { defineResource } from "./define";

/** The signed-in person's own account (the top bar's menu): anyone signed in. */
export const account = defineResource({
  name: "account",
  list: {
    path: "/profile",
    title: "Account Management",
    screen: () => import("../pages/profile/ProfilePage"),
  },
});

/** The footer's pages. */
export const legal = defineResource({
  name: "legal",
  list: {
    path: "/terms",
    title: "Terms and Conditions",
    screen: () => import("../pages/static/TermsPage"),
  },
  more: {
    privacy: {
      path: "/privacy",
      title: "Privacy Policy",
      screen: () => import("../pages/static/PrivacyPage"),
    },
  },
});
