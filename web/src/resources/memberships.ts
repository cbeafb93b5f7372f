import { defineResource } from "./define";

const form = () => import("../pages/people/MembershipForm");

export const memberships = defineResource({
  name: "memberships",
  area: "members",
  api: "memberships",
  entity: "Membership",
  idParam: "mid",
  noun: { one: "membership", many: "memberships" },
  list: {
    path: "/memberships",
    title: "Memberships",
    screen: () => import("../pages/people/MembershipList"),
  },
  add: { path: "/addMemberships", title: "Add Membership", screen: form },
  edit: { path: "/editMemberships", title: "Edit Membership", screen: form },
  sidebar: { group: "people", label: "Memberships", icon: "award", order: 100 },
});
