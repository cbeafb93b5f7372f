import { defineResource } from "./define";

const form = () => import("../pages/agency/AgencyForm");

export const agency = defineResource({
  name: "agency",
  area: "members",
  api: "agencyStore",
  entity: "Agency store",
  idParam: "sid",
  noun: { one: "agency store", many: "agency stores" },
  list: {
    path: "/agency",
    title: "Agency Store",
    screen: () => import("../pages/agency/AgencyList"),
  },
  add: { path: "/addAgency", title: "Add Agency Store", screen: form },
  edit: { path: "/editAgency", title: "Edit Agency Store", screen: form },
  sidebar: { group: "people", label: "Agency", icon: "store", order: 90 },
});
