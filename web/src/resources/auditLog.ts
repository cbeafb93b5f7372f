import { defineResource } from "./define";

/** Every write's audit row, read-only. */
export const auditLog = defineResource({
  name: "auditLog",
  area: "audit",
  api: "auditLog",
  list: {
    path: "/auditLog",
    title: "Audit Log",
    screen: () => import("../pages/audit/AuditLogList"),
  },
  sidebar: { group: "system", label: "Audit Log", icon: "list", order: 150 },
});
