import type { AgencyStore, AgencyStoreInput } from "@store/contract";
import { createResource } from "./crud";

/** Agency stores: GET/POST agencyStore, GET/PUT/DELETE agencyStore/{id}. */
export const agencyStores = createResource<AgencyStore, AgencyStoreInput>({
  name: "agencyStores",
  list: "agencyStore",
  item: (id) => `agencyStore/${id}`,
});
