/**
 * Returns and refunds in the report roll-ups (issue 42; docs/decisions/reports-rollups.md,
 * "Returns and refunds"), declared here and applied at start with the other
 * derived objects (db/derived.ts; derived-triggers.engine.test.ts holds the
 * database to them). A return or refund counts on the day it happens, its
 * order's sale staying on the order's day: key-less series `returns.count`,
 * `returns.refunds` (refund_amount) and `returns.items` (its lines'
 * quantity), `product.returned` per product of the lines ('' once the
 * product is gone). Rows are written once and never updated.
 */
import type { FunctionSql, TriggerSql } from "../../db/derived";

/** The series of a return, and of its lines alone (what a TRUNCATE of each clears). */
const RETURN_SERIES = ["returns.count", "returns.refunds", "returns.items", "product.returned"];
const LINE_SERIES = ["returns.items", "product.returned"];

const fn = (name: string, signature: string, header: string, body: string): FunctionSql => ({
  name,
  signature,
  header,
  body,
});

/**
 * The row functions, each statement trigger's, and the BEFORE DELETE ones: a
 * returned line needs its return (the day) and its order line (the product);
 * deleted with either (a cascade), it is taken out by that one's BEFORE
 * DELETE trigger while both still stand, so each line leaves once.
 */
export const RETURN_ROLLUP_FUNCTIONS: readonly FunctionSql[] = [
  fn(
    "report_return_rows",
    `zone text, sign integer, created_at timestamptz, refund numeric`,
    `RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE`,
    `
  SELECT v.s, report_day(created_at, zone), '', v.d FROM (VALUES
    ('returns.count', sign::numeric),
    ('returns.refunds', sign * refund)
  ) AS v(s, d)
`,
  ),
  fn(
    "report_return_line_rows",
    `zone text, sign integer, created_at timestamptz, product integer, quantity integer`,
    `RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE`,
    `
  SELECT v.s, report_day(created_at, zone), v.k, (sign * quantity)::numeric FROM (VALUES
    ('returns.items', ''),
    ('product.returned', coalesce(product::text, ''))
  ) AS v(s, k)
`,
  ),
  fn(
    "report_order_returns_changed",
    ``,
    `RETURNS trigger LANGUAGE plpgsql`,
    `
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     CROSS JOIN LATERAL report_return_rows(z.zone, c.sign, c.created_at, c.refund_amount) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
`,
  ),
  fn(
    "report_order_return_lines_changed",
    ``,
    `RETURNS trigger LANGUAGE plpgsql`,
    `
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     JOIN order_returns x ON x.return_id = c.return_id
     JOIN order_items i ON i.item_id = c.item_id
     CROSS JOIN LATERAL report_return_line_rows(z.zone, c.sign, x.created_at, i.product_id, c.quantity) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
`,
  ),
  fn(
    "report_order_return_deleting",
    ``,
    `RETURNS trigger LANGUAGE plpgsql`,
    `
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM order_return_lines l CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_items i ON i.item_id = l.item_id
  CROSS JOIN LATERAL report_return_line_rows(z.zone, -1, OLD.created_at, i.product_id, l.quantity) AS r
  WHERE l.return_id = OLD.return_id
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  IF FOUND THEN PERFORM report_changes_queued(); END IF;
  RETURN OLD;
END
`,
  ),
  fn(
    "report_order_item_deleting",
    ``,
    `RETURNS trigger LANGUAGE plpgsql`,
    `
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM order_return_lines l CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_returns x ON x.return_id = l.return_id
  CROSS JOIN LATERAL report_return_line_rows(z.zone, -1, x.created_at, OLD.product_id, l.quantity) AS r
  WHERE l.item_id = OLD.item_id
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  IF FOUND THEN PERFORM report_changes_queued(); END IF;
  RETURN OLD;
END
`,
  ),
  fn(
    "report_order_items_returned_moved",
    ``,
    `RETURNS trigger LANGUAGE plpgsql`,
    `
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta)
  FROM (SELECT o.item_id, -1 AS sign, o.product_id FROM old_rows o JOIN new_rows n USING (item_id)
        WHERE o.product_id IS DISTINCT FROM n.product_id
        UNION ALL
        SELECT n.item_id, 1, n.product_id FROM old_rows o JOIN new_rows n USING (item_id)
        WHERE o.product_id IS DISTINCT FROM n.product_id) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_return_lines l ON l.item_id = c.item_id
  JOIN order_returns x ON x.return_id = l.return_id
  CROSS JOIN LATERAL report_return_line_rows(z.zone, c.sign, x.created_at, c.product_id, l.quantity) AS r
  WHERE r.series = 'product.returned'
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  IF FOUND THEN PERFORM report_changes_queued(); END IF;
  RETURN NULL;
END
`,
  ),
  fn(
    "report_series_truncated",
    ``,
    `RETURNS trigger LANGUAGE plpgsql`,
    `
BEGIN
  DELETE FROM report_rollup_changes WHERE split_part(series, '@', 1) = ANY (TG_ARGV);
  DELETE FROM report_rollups WHERE split_part(series, '@', 1) = ANY (TG_ARGV);
  RETURN NULL;
END
`,
  ),
];

const quoted = (series: readonly string[]) => series.map((s) => `'${s}'`).join(", ");

/** Each trigger as pg_get_triggerdef writes it. */
export const RETURN_ROLLUP_TRIGGERS: readonly TriggerSql[] = [
  {
    table: "order_returns",
    name: "order_returns_report_insert",
    sql: `CREATE TRIGGER order_returns_report_insert AFTER INSERT ON order_returns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_order_returns_changed()`,
  },
  {
    table: "order_returns",
    name: "order_returns_report_delete",
    sql: `CREATE TRIGGER order_returns_report_delete AFTER DELETE ON order_returns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_order_returns_changed()`,
  },
  {
    table: "order_returns",
    name: "order_returns_report_deleting",
    sql: `CREATE TRIGGER order_returns_report_deleting BEFORE DELETE ON order_returns FOR EACH ROW EXECUTE FUNCTION report_order_return_deleting()`,
  },
  {
    table: "order_returns",
    name: "order_returns_report_truncate",
    sql: `CREATE TRIGGER order_returns_report_truncate AFTER TRUNCATE ON order_returns FOR EACH STATEMENT EXECUTE FUNCTION report_series_truncated(${quoted(RETURN_SERIES)})`,
  },
  {
    table: "order_return_lines",
    name: "order_return_lines_report_insert",
    sql: `CREATE TRIGGER order_return_lines_report_insert AFTER INSERT ON order_return_lines REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_order_return_lines_changed()`,
  },
  {
    table: "order_return_lines",
    name: "order_return_lines_report_delete",
    sql: `CREATE TRIGGER order_return_lines_report_delete AFTER DELETE ON order_return_lines REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_order_return_lines_changed()`,
  },
  {
    table: "order_return_lines",
    name: "order_return_lines_report_truncate",
    sql: `CREATE TRIGGER order_return_lines_report_truncate AFTER TRUNCATE ON order_return_lines FOR EACH STATEMENT EXECUTE FUNCTION report_series_truncated(${quoted(LINE_SERIES)})`,
  },
  {
    table: "order_items",
    name: "order_items_report_deleting",
    sql: `CREATE TRIGGER order_items_report_deleting BEFORE DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION report_order_item_deleting()`,
  },
  {
    table: "order_items",
    name: "order_items_report_returned",
    sql: `CREATE TRIGGER order_items_report_returned AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_order_items_returned_moved()`,
  },
];
