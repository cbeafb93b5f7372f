import { orderPricing, storeIdentity } from "@store/contract";
import type { App } from "../../appType";
import type { Db } from "../../db/client";
import { settingsService } from "./service";

/** The store record is settings 1 (docs/REQUIREMENTS.md section 3). */
const STORE_SETTINGS_ID = 1;

/** The store's name, logo, footer and contact lines, and nothing else of settings 1. */
export async function readStoreIdentity(db: Db) {
  return storeIdentity.parse(await settingsService.get(db, STORE_SETTINGS_ID));
}

/**
 * GET storeIdentity: every signed-in person's shell shows the store's name and
 * logo and the footer's text, whatever their groups; GET settings/{id} stays
 * for settings:view (docs/decisions/store-identity.md).
 */
export function registerStoreIdentityRoutes(app: App): void {
  app.get(
    "/storeIdentity",
    {
      config: { permission: "signed_in" },
      schema: {
        tags: ["settings"],
        description:
          "The store's name, logo, address, contact, copyright and footer text, for every signed-in person; the rest of the settings need `settings:view` (GET settings/{id}).",
        response: { 200: storeIdentity },
      },
    },
    async () => readStoreIdentity(app.db),
  );
  // Add Order's preview must price shipping as the server does, for a clerk
  // without settings:view too (test/store-identity.test.ts).
  app.get(
    "/orderPricing",
    {
      config: { permission: "orders:manage" },
      schema: {
        tags: ["settings"],
        description:
          "The free-shipping amount Add Order's preview prices by, for whoever may key in an order; the rest of the settings need `settings:view`.",
        response: { 200: orderPricing },
      },
    },
    async () => orderPricing.parse(await settingsService.get(app.db, STORE_SETTINGS_ID)),
  );
}
