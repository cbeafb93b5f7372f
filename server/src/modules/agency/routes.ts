import { agencyStore, agencyStoreInput } from "@store/contract";
import type { App } from "../../appType";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { agencyStoreService } from "./service";

export function registerAgencyRoutes(app: App): void {
  registerCrudRoutes(app, {
    area: "members",
    service: agencyStoreService,
    input: agencyStoreInput,
    record: agencyStore,
    tag: "agency",
    collection: "/agencyStore",
    item: "/agencyStore/:id",
    bulk: { key: "store_id", status: "store_status" },
  });
}
