import { z } from "zod";

/**
 * The fixed catalogue of permissions a permission group may hold (issue 22,
 * docs/decisions/permissions.md). Each area has `view` and `manage`, and
 * `manage` implies `view`; `secrets:manage` (payment and social-login keys),
 * `export` (every CSV and Excel file) and `reports:view` (the /reports
 * screen: sales, members and money across areas) stand alone. An Admin holds all.
 */
export const PERMISSION_AREAS = [
  { area: "catalog", label: "Catalog (products, variants, categories, brands)" },
  { area: "orders", label: "Orders and coupons" },
  { area: "members", label: "Members (users, memberships, genealogy, agency stores)" },
  { area: "wallets", label: "Wallets (statements, ledger, adjustments)" },
  { area: "payouts", label: "Payouts (withdrawal decisions and reversals)" },
  { area: "content", label: "Content (banners, testimonials)" },
  { area: "settings", label: "Settings" },
  { area: "staff", label: "Staff accounts and groups" },
  { area: "audit", label: "Audit log and History" },
  { area: "jobs", label: "Jobs and schedules (backups, checks, sweeps)" },
  { area: "commissions", label: "Commissions (plan, periods, statements)" },
  { area: "kyc", label: "KYC (identity numbers and documents of members)" },
  { area: "einvoices", label: "E-invoices (documents to LHDN MyInvois)" },
  { area: "messages", label: "Messages (e-mails to members and staff, their templates)" },
] as const;

export type PermissionArea = (typeof PERMISSION_AREAS)[number]["area"];

export const PERMISSIONS = [
  ...PERMISSION_AREAS.flatMap(({ area }) => [`${area}:view`, `${area}:manage`] as const),
  "secrets:manage",
  "export",
  "reports:view",
] as const;

export type Permission =
  | `${PermissionArea}:view`
  | `${PermissionArea}:manage`
  | "secrets:manage"
  | "export"
  | "reports:view";

export const permission = z.enum(PERMISSIONS);

/** The English label of each permission; the web shows it in the chosen language. */
export function permissionLabel(code: Permission): string {
  if (code === "secrets:manage") return "Manage secret keys";
  if (code === "export") return "Export lists";
  if (code === "reports:view") return "View reports";
  const [area, level] = code.split(":") as [PermissionArea, "view" | "manage"];
  const label = PERMISSION_AREAS.find((a) => a.area === area)?.label ?? area;
  return `${level === "manage" ? "Manage" : "View"}: ${label}`;
}

/** Whether held permissions grant `needed` (`area:manage` grants `area:view`). */
export function grants(held: Iterable<Permission>, needed: Permission): boolean {
  for (const code of held) {
    if (code === needed) return true;
    if (needed.endsWith(":view") && code === needed.replace(/:view$/, ":manage")) return true;
  }
  return false;
}
