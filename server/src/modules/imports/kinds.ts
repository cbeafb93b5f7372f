/** Each kind of import's Importer (importer.ts), one file each. */
import type { ImportKind } from "@store/contract";
import type { Importer } from "./importer";
import { membersImporter } from "./members";
import { productsImporter } from "./products";
import { stockImporter } from "./stock";

export const IMPORTERS: Record<ImportKind, Importer> = {
  products: productsImporter as Importer,
  stock: stockImporter as Importer,
  members: membersImporter as Importer,
};
