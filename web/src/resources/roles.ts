import { defineResource } from "./define";

const form = () => import("../pages/staff/PermissionGroupForm");

/**
 * /roles: the permission groups a Staff member holds (issue 22,
 * docs/decisions/staff-accounts.md), a list and form like every other. Named
 * "Permission Groups" on every screen and link (issue 34): "role" is the user
 * record's Admin, Staff or Member.
 */
export const roles = defineResource({
  name: "roles",
  area: "staff",
  api: "permissionGroups",
  entity: "Permission group",
  idParam: "gid",
  noun: { one: "permission group", many: "permission groups" },
  list: {
    path: "/roles",
    title: "Permission Groups",
    screen: () => import("../pages/staff/PermissionGroupList"),
  },
  add: { path: "/addRole", title: "Add Permission Group", screen: form },
  edit: { path: "/editRole", title: "Edit Permission Group", screen: form },
  sidebar: { group: "system", label: "Permission Groups", icon: "shield", order: 160 },
});
