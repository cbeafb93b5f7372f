import { createContext, useContext } from "react";
import { useCan } from "../lib/permissions";
import { actionsOf, type Resource, type ResourceActions, type ScreenProps } from "./define";

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

/**
 * The screen on show and its resource, given by the route table (App), so the
 * shared components (a list's switches, a form's Save, bulk actions, Export)
 * know whose permissions they are drawn under.
 */
export const ScreenContext = createContext<ScreenProps | null>(null);

/** The screen on show, or null outside the route table (a component test). */
export function useCurrentScreen(): ScreenProps | null {
  return useContext(ScreenContext);
}

const NO_AREA = actionsOf(undefined);

/**
 * Whether the signed-in person may take `action` on `resource` (by default the
 * screen's own): its declared permission (resources/define.ts). Outside any
 * screen, the rule of a resource without an area (Export still needs `export`,
 * History `audit:view`); the server answers for the rest.
 */
export function useMayDo(action: keyof ResourceActions, resource?: Resource): boolean {
  const current = useCurrentScreen();
  const of = resource ?? current?.resource;
  return useCan(of ? of.actions[action] : NO_AREA[action]);
}

/**
 * Whether the forms of the screen on show are to be read only: the person may
 * view the screen but not change its records (an edit screen, a settings tab)
 * (docs/decisions/permissions-on-screen.md).
 */
export function useReadOnlyScreen(): boolean {
  const current = useCurrentScreen();
  const needed = current
    ? current.resource.actions[current.screen.kind === "add" ? "create" : "update"]
    : null;
  return !useCan(needed);
}
