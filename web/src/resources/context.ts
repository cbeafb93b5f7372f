import { createContext, useContext } from "react";
import type { Resource } from "./define";

/**
 * Every resource, for a screen or component that links to another's screens
 * (an audit row to its record's edit screen). Given by App from resources/index.ts,
 * which screens cannot import: that list loads them.
 */
export interface Resources {
  all: readonly Resource[];
  /** The resource of that name; an unknown name is a programming error. */
  named: (name: string) => Resource;
  /** The resource whose records the audit log names `entity`, if any. */
  ofEntity: (entity: string) => Resource | undefined;
  /** The path of a resource's main screen, or of one of its other screens by name. */
  path: (name: string, screen?: string) => string;
  /** The edit screen of one record of the named resource. */
  editLink: (name: string, id: number | string) => string;
  /** One of the named resource's other screens, for one record (Resource.link). */
  link: (name: string, screen: string, id: number | string) => string;
}

export const ResourcesContext = createContext<Resources | null>(null);

/** The resources App gives. */
export function useResources(): Resources {
  const resources = useContext(ResourcesContext);
  if (!resources) throw new Error("useResources needs App's ResourcesContext");
  return resources;
}

/** Makes the lookups from the list of resources. */
export function resourceLookups(all: readonly Resource[]): Resources {
  const byName = new Map(all.map((r) => [r.name, r]));
  const byEntity = new Map(all.flatMap((r) => (r.entity ? [[r.entity, r] as const] : [])));
  const named = (name: string) => {
    const found = byName.get(name);
    if (!found) throw new Error(`No resource named ${name}`);
    return found;
  };
  return {
    all,
    named,
    ofEntity: (entity) => byEntity.get(entity),
    path: (name, screen) => {
      const resource = named(name);
      const found = screen === undefined ? resource.list : resource.more?.[screen];
      if (!found) throw new Error(`No screen ${screen} of ${name}`);
      return found.path;
    },
    editLink: (name, id) => {
      const { editLink } = named(name);
      if (!editLink) throw new Error(`No edit screen of ${name}`);
      return editLink(id);
    },
    link: (name, screen, id) => named(name).link(screen, id),
  };
}
