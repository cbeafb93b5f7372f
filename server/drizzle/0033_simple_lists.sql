-- Lists simple by default (docs/decisions/list-scale.md): a simple list reads
-- its count with its page and keeps no running total, so the totals these
-- lists kept would only go stale. Their triggers are dropped at start with the
-- other derived objects (src/db/derived.ts); the write counters stay where a
-- large list still reads the table.
DELETE FROM "running_totals" WHERE "name" IN ('brands', 'categories', 'vouchers', 'banners',
  'testimonials', 'memberships', 'agency_stores', 'permission_groups', 'settings',
  'social_logins', 'payment_methods', 'shipping_methods');
