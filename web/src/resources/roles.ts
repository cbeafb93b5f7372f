import { defineResource } from "./define";

const form = () => import("../pages/staff/PermissionGroupForm");

/**
 * /roles: the permission groups a Staff member holds (issue 22,
 * docs/decisions/staff-accounts.md), a list and form like every other.
 */
export const roles = defineResource({
  name: "roles",
  area: "staff",
  api: "permissionGroups",
  entity: "Permission group",
  idParam: "gid",
  noun: { one: "group", many: "groups" },
  list: {
    path: "/roles",
    title: "Roles",
    screen: () => import("../pages/staff/PermissionGroupList"),
  },
  add: { path: "/addRole", title: "Add Group", screen: form },
  edit: { path: "/editRole", title: "Edit Group", screen: form },
  sidebar: { group: "system", label: "Roles", icon: "shield", order: 160 },
});
