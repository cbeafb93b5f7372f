/**
 * Every column that names an image (test/uploads-sweep.test.ts checks the
 * schema has no other). The sweep never removes an image one of them names;
 * the move-in rewrites them; migration 0020's triggers restart an image's 24
 * hours when a record stops naming it.
 */

import { DECLARED_RECORDS } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { banners, products, productVariants, settings, userKycDocuments } from "../../db/schema";
import { tableOf } from "../records/service";

export interface ImageColumn {
  table: PgTable;
  column: PgColumn;
  /** Several names joined by commas (a product's images). */
  list: boolean;
}

export const IMAGE_COLUMNS: readonly ImageColumn[] = [
  ...DECLARED_RECORDS.flatMap((record) => {
    if (!record.image) return [];
    const { table, column } = tableOf(record);
    return [{ table, column: column(record.image), list: false }];
  }),
  { table: products, column: products.product_images, list: true },
  { table: productVariants, column: productVariants.variant_image, list: false },
  { table: banners, column: banners.banner_image, list: false },
  { table: settings, column: settings.store_logo, list: false },
  // An identity card's picture (docs/decisions/kyc.md).
  { table: userKycDocuments, column: userKycDocuments.document_image, list: false },
];

/** True (in SQL) when some record names the image `name` (an SQL expression). */
export function namedByARecord(name: SQL): SQL {
  const tests = IMAGE_COLUMNS.map(({ table, column, list }) =>
    list
      ? sql`exists (select 1 from ${table} where string_to_array(${column}, ',') @> array[${name}])`
      : sql`exists (select 1 from ${table} where ${column} = ${name})`,
  );
  return sql`(${sql.join(tests, sql` or `)})`;
}

/**
 * Rewrites every record that names an old file name to its new name, in the
 * caller's transaction. `renames`: old name → new name.
 */
export async function renameImages(tx: Tx, renames: ReadonlyMap<string, string>): Promise<void> {
  if (renames.size === 0) return;
  const mapping = sql`jsonb_each_text(${JSON.stringify(Object.fromEntries(renames))}::jsonb)`;
  for (const { table, column, list } of IMAGE_COLUMNS) {
    const name = sql.identifier(column.name);
    if (list) {
      await tx.execute(sql`update ${table} set ${name} = (
          select string_agg(coalesce(m.value, part.value), ',' order by part.at)
          from unnest(string_to_array(${column}, ',')) with ordinality as part(value, at)
          left join ${mapping} as m on m.key = part.value)
        where string_to_array(${column}, ',') && (select array_agg(key) from ${mapping})`);
    } else {
      await tx.execute(
        sql`update ${table} set ${name} = m.value from ${mapping} as m where ${column} = m.key`,
      );
    }
  }
}
