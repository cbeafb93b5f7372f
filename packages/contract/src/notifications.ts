import { z } from "zod";

/**
 * GET /api/notifications: what waits for the administrator, each with how
 * many and the list screen that shows them (its filters in the query string,
 * the list call's own parameters). Kinds: "withdrawals_processing",
 * "orders_to_ship" (paid or processing, not yet shipped), "agencies_expiring"
 * (within 7 days), "products_low_stock" and "variants_low_stock" (at or below
 * the store's low-stock threshold setting).
 */
export const notification = z.object({
  kind: z.string(),
  title: z.string(),
  count: z.number(),
  link: z.string(),
});
export type Notification = z.infer<typeof notification>;
