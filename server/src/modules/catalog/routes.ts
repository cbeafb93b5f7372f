import { brand, brandInput } from "@store/contract";
import type { App } from "../../app";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { brandService } from "./service";

export function registerCatalogRoutes(app: App): void {
  registerCrudRoutes(app, {
    service: brandService,
    input: brandInput,
    record: brand,
    tag: "catalog",
    collection: "/brands",
    item: "/brands/:id",
  });
}
