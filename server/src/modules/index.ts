import type { App } from "../app";
import { registerAgencyRoutes } from "./agency/routes";
import { registerAuditRoutes } from "./audit/routes";
import { registerCatalogRoutes } from "./catalog/routes";
import { registerContentRoutes } from "./content/routes";
import { registerDashboardRoutes } from "./dashboard/routes";
import { registerLedgerRoutes } from "./ledger/routes";
import { registerOrderRoutes } from "./orders/routes";
import { registerPeopleRoutes } from "./people/routes";
import { registerSettingsRoutes } from "./settings/routes";
import { registerUploadRoutes } from "./uploads/routes";
import { registerVoucherRoutes } from "./vouchers/routes";
import { registerWithdrawalRoutes } from "./withdrawals/routes";

/** Every domain's HTTP calls, mounted under /api. */
export const modules: ((app: App) => void | Promise<void>)[] = [
  registerCatalogRoutes,
  registerOrderRoutes,
  registerVoucherRoutes,
  registerPeopleRoutes,
  registerWithdrawalRoutes,
  registerLedgerRoutes,
  registerAgencyRoutes,
  registerContentRoutes,
  registerSettingsRoutes,
  registerDashboardRoutes,
  registerUploadRoutes,
  registerAuditRoutes,
];
