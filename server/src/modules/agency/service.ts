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
    sort: {
      store_id: agencyStores.store_id,
      store_username: agencyStores.store_username,
      store_name: agencyStores.store_name,
      owner: agencyStores.owner,
      store_email: agencyStores.store_email,
      owner_contact: agencyStores.owner_contact,
      store_status: agencyStores.store_status,
      created_at: agencyStores.created_at,
      expired_at: agencyStores.expired_at,
      updated_at: agencyStores.updated_at,
    },
    defaultOrder: { by: agencyStores.store_id, order: "desc" },
  },
});
