import { agencyStores } from "../../db/schema";
import { crudService } from "../../lib/crud";

/** Agency stores; a delete only stamps deleted_at, so the record stays for the books. */
export const agencyStoreService = crudService({
  table: agencyStores,
  id: agencyStores.store_id,
  entity: "Agency store",
  deletedAt: agencyStores.deleted_at,
  list: {
    search: [
      agencyStores.store_username,
      agencyStores.store_name,
      agencyStores.owner,
      agencyStores.store_email,
      agencyStores.owner_contact,
    ],
    defaultOrder: { by: agencyStores.store_id, order: "desc" },
  },
});
