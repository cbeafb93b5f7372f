import { asc } from "drizzle-orm";
import { paymentMethods, settings, shippingMethods, socialLogins } from "../../db/schema";
import { crudService } from "../../lib/crud";

// Settings, social logins and the payment method are fixed records created by
// the base seed (settings 1, social logins 1 and 2, payment method 1): they are
// read and updated, never created or deleted through the API, so an unknown
// id is a 404. The audit log redacts id_key, secret_key and publish_key.

export const settingsService = crudService({
  table: settings,
  id: settings.setting_id,
  entity: "Settings",
  list: { search: [], sort: {}, defaultOrder: [asc(settings.setting_id)] },
});

export const socialLoginService = crudService({
  table: socialLogins,
  id: socialLogins.social_id,
  entity: "Social login",
  list: {
    search: [socialLogins.social_login],
    sort: { social_id: socialLogins.social_id, social_login: socialLogins.social_login },
    defaultOrder: [asc(socialLogins.social_id)],
  },
});

export const paymentMethodService = crudService({
  table: paymentMethods,
  id: paymentMethods.method_id,
  entity: "Payment method",
  list: { search: [], sort: {}, defaultOrder: [asc(paymentMethods.method_id)] },
});

export const shippingMethodService = crudService({
  table: shippingMethods,
  id: shippingMethods.ship_id,
  entity: "Shipping method",
  list: {
    search: [shippingMethods.shipping_name],
    sort: {
      ship_id: shippingMethods.ship_id,
      shipping_name: shippingMethods.shipping_name,
      shipping_fee: shippingMethods.shipping_fee,
      shipping_status: shippingMethods.shipping_status,
      updated_at: shippingMethods.updated_at,
    },
    defaultOrder: [asc(shippingMethods.ship_id)],
  },
});
