import { createContext, useContext } from "react";
import type { Resource } from "./define";

/**
 * Every resource, for a screen or component that links to another's screens
 * (an audit row to its record's edit screen). Given by App from resources/index.ts,
 * which screens cannot import: that list loads them.
 */
export interface Resources {
  /** The resource of that name; an unknown name is a programming error. */
  named: (name: string) => Resource;
  /** The resource whose records the audit log names `entity`, if any. */
  ofEntity: (entity: string) => Resource | undefined;
}

export const ResourcesContext = createContext<Resources | null>(null);

/** The resources App gives; outside it (a component test), none. */
export const useResources = (): Resources | null => useContext(ResourcesContext);

/** Makes the lookups from the list of resources. */
export function resourceLookups(all: readonly Resource[]): Resources {
  const byName = new Map(all.map((r) => [r.name, r]));
  const byEntity = new Map(all.flatMap((r) => (r.entity ? [[r.entity, r] as const] : [])));
  return {
    named: (name) => {
      const found = byName.get(name);
      if (!found) throw new Error(`No resource named ${name}`);
      return found;
    },
    ofEntity: (entity) => byEntity.get(entity),
  };
}
