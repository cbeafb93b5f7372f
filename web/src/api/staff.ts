import type { PermissionEntry, PermissionGroup, PermissionGroupInput } from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { createResource } from "./crud";

/** Permission groups: GET/POST permissionGroups, GET/PUT/DELETE permissionGroups/{id}. */
export const permissionGroups = createResource<PermissionGroup, PermissionGroupInput>({
  name: "permissionGroups",
  list: "permissionGroups",
  item: (id) => `permissionGroups/${id}`,
});

/** GET permissions: the fixed catalogue, each with its English label (translated on screen). */
export function usePermissionCatalogue() {
  return useQuery<PermissionEntry[]>({
    queryKey: ["permissions"],
    queryFn: () => api.get<PermissionEntry[]>("permissions"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
