import { defineResource } from "./define";

const form = () => import("../pages/people/UserForm");

/** The members, with the referral tree under the same entry. */
export const users = defineResource({
  name: "users",
  area: "members",
  api: "users",
  entity: "User",
  idParam: "uid",
  noun: { one: "user", many: "users" },
  list: { path: "/users", title: "Users", screen: () => import("../pages/people/UserList") },
  add: { path: "/addUser", title: "Add User", screen: form },
  edit: { path: "/editUser", title: "Edit User", screen: form },
  more: {
    genealogy: {
      path: "/genealogy",
      title: "Genealogy",
      param: "uid",
      screen: () => import("../pages/people/GenealogyPage"),
    },
  },
  sidebar: { group: "people", label: "Users", icon: "users", order: 60 },
});
