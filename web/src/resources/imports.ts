import { IMPORT_KINDS, IMPORT_PERMISSION } from "@store/contract";
import { defineResource } from "./define";

/**
 * /import (issue 43, docs/decisions/imports.md): products, stock counts and
 * members brought in from Excel or CSV, checked whole by a dry run first.
 * Each kind needs its own area's manage permission (the contract's
 * IMPORT_PERMISSION), so the screen and its sidebar entry need any one of
 * them; the screen offers only the kinds the person holds. After the
 * messages, the store's other system screens.
 */
export const imports = defineResource({
  name: "imports",
  list: {
    path: "/import",
    title: "Import",
    screen: () => import("../pages/imports/ImportPage"),
    permission: [...new Set(IMPORT_KINDS.map((kind) => IMPORT_PERMISSION[kind]))],
  },
  sidebar: { group: "system", label: "Import", icon: "list", order: 192 },
});
