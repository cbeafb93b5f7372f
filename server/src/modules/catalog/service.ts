import { desc } from "drizzle-orm";
import { brands } from "../../db/schema";
import { crudService } from "../../lib/crud";

export const brandService = crudService({
  table: brands,
  id: brands.brand_id,
  entity: "Brand",
  list: {
    search: [brands.brand_name],
    sort: {
      brand_id: brands.brand_id,
      brand_name: brands.brand_name,
      brand_status: brands.brand_status,
      created_at: brands.created_at,
      updated_at: brands.updated_at,
    },
    defaultOrder: [desc(brands.brand_id)],
  },
});
