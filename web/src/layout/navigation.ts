import { resources } from "../resources";
import type { Needs, Resource, SidebarEntry } from "../resources/define";

export interface SidebarLink extends SidebarEntry {
  /** Its label's name in the catalogues (packages/i18n): `nav.<key>`. */
  key: string;
  to: string;
  /** The resource's other screens (its add and edit forms…): the link stays highlighted there. */
  also: readonly string[];
  /** What its screen needs to be viewed (null: anyone signed in): without it the link is not drawn. */
  permission: Needs | null;
}

const linkOf = (resource: Resource, entry: SidebarEntry): SidebarLink => ({
  ...entry,
  key: resource.name,
  to: resource.list.path,
  also: resource.screens.map((s) => s.path).filter((path) => path !== resource.list.path),
  permission: resource.screens.find((s) => s.kind === "list")?.permission ?? null,
});

/**
 * The sidebar's links, made from the resources' sidebar entries (resources/) in
 * their `order`: docs/REQUIREMENTS.md section 2's.
 */
export const SIDEBAR_LINKS: readonly SidebarLink[] = resources
  .flatMap((r) => (r.sidebar ? [linkOf(r, r.sidebar)] : []))
  .sort((a, b) => a.order - b.order);

export function isActiveLink(link: SidebarLink, pathname: string): boolean {
  return link.to === pathname || link.also.includes(pathname);
}
