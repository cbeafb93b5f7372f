import {
  PERMISSIONS,
  permissionEntry,
  permissionGroup,
  permissionGroupInput,
  permissionLabel,
} from "@store/contract";
import type { App } from "../../appType";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { permissionGroupService } from "./service";

export function registerStaffRoutes(app: App): void {
  app.get(
    "/permissions",
    {
      // Every signed-in person: the catalogue is no secret, and the web labels with it.
      config: { permission: "signed_in" },
      schema: {
        tags: ["staff"],
        summary: "The fixed catalogue of permissions a group may hold",
        response: { 200: permissionEntry.array() },
      },
    },
    async () => PERMISSIONS.map((code) => ({ code, label: permissionLabel(code) })),
  );
  registerCrudRoutes(app, {
    area: "staff",
    service: permissionGroupService,
    input: permissionGroupInput,
    record: permissionGroup,
    tag: "staff",
    collection: "/permissionGroups",
    item: "/permissionGroups/:id",
    bulk: { key: "group_id" },
  });
}
