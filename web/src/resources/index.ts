import { account, legal } from "./account";
import { agency } from "./agency";
import { auditLog } from "./auditLog";
import { banner } from "./banner";
import { categories } from "./categories";
import { commissions } from "./commissions";
import { coupon } from "./coupon";
import { cp58 } from "./cp58";
import { dashboard } from "./dashboard";
import type { Resource } from "./define";
import { einvoices } from "./einvoices";
import { imports } from "./imports";
import { jobs } from "./jobs";
import { memberships } from "./memberships";
import { messages, messageTemplates } from "./messages";
import { order } from "./order";
import { payoutBatches } from "./payoutBatches";
import { products } from "./products";
import { declaredResources } from "./records";
import { reports } from "./reports";
import { returns } from "./returns";
import { roles } from "./roles";
import { settings } from "./settings";
import { testimonial } from "./testimonial";
import { users } from "./users";
import { userWallets } from "./userWallets";
import { withdrawRequest } from "./withdrawRequest";

/**
 * Every resource of the back-office (docs/ARCHITECTURE.md, "How to add a list
 * and form"): the route table, the sidebar and the links are made from this
 * list. Only App, the route table and the layout import it; a screen is handed
 * its own resource, and finds others' through useResources() (resources/context.ts),
 * because this list loads the screens.
 */
export const resources: readonly Resource[] = [
  dashboard,
  reports,
  products,
  categories,
  ...declaredResources,
  order,
  returns,
  coupon,
  users,
  userWallets,
  memberships,
  withdrawRequest,
  payoutBatches,
  cp58,
  einvoices,
  commissions,
  agency,
  banner,
  testimonial,
  settings,
  messages,
  messageTemplates,
  imports,
  jobs,
  auditLog,
  roles,
  account,
  legal,
];
