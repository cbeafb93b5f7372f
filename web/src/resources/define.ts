import type { Permission, PermissionArea, SidebarGroup, SidebarIcon } from "@store/contract";
import type { ComponentType } from "react";

export type { SidebarGroup, SidebarIcon } from "@store/contract";

/** What a screen needs: a permission, or any one of several (/import: each kind its own area's). */
export type Needs = Permission | readonly Permission[];

/**
 * One declaration per resource (docs/decisions/resource-declarations.md): its
 * screens and routes, its sidebar entry, its audit entity and the permission
 * each screen and action needs. The route table (routes.tsx), the sidebar
 * (layout/navigation.ts), the links between screens and the History panels are
 * made from these; test/resources.test.tsx (web) and server/test/resources.test.ts
 * check every declaration against the catalogues and the server.
 *
 * Plain data and code loaders only: the server's test reads these files too.
 */

export interface SidebarEntry {
  group: SidebarGroup;
  /** In English; its translations are the catalogues' `nav.<resource name>`. */
  label: string;
  icon: SidebarIcon;
  /** Place from the top (docs/REQUIREMENTS.md section 2's order); unique. */
  order: number;
}

/** What every screen is given by the route table: the resource it belongs to, and itself. */
export interface ScreenProps {
  resource: Resource;
  screen: Screen;
}

/** A screen's code, asked for when its route is first opened (React.lazy in routes.tsx). */
export type ScreenLoader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export interface ScreenDeclaration {
  /** Case-sensitive, as docs/REQUIREMENTS.md section 2 spells it. */
  path: string;
  /** The screen's name in English (translate()): its PageHeader and the document title. */
  title: string;
  screen: ScreenLoader;
  /** The id parameter of the one record it shows, when it shows one: ?uid=12. */
  param?: string;
  /**
   * What a person needs to open it; by default the resource's view permission
   * (manage for an add screen); null: anyone signed in. Several: any one of them.
   */
  permission?: Needs | null;
}

export interface ResourceDeclaration {
  /** Unique; the sidebar's label key (`nav.<name>`) when it has an entry. */
  name: string;
  /**
   * The permission area (issue 22): `<area>:view` to open its screens,
   * `<area>:manage` to add, change or delete. Absent: anyone signed in.
   */
  area?: PermissionArea;
  /** The server's list of these records (GET /api/<api>), when there is one. */
  api?: string;
  /** The records' name in the audit log (the server's recordAudit), for the History panel and audit links. */
  entity?: string;
  /** The edit screen's id parameter: /editBrands?bid=12. */
  idParam?: string;
  /** The record in words: "No brand with this id", bulk actions' "3 brands". */
  noun?: { one: string; many: string };
  /** The screen the sidebar opens and a form goes back to: the list, or the page itself. */
  list: ScreenDeclaration;
  add?: ScreenDeclaration;
  /** Opened with ?<idParam>=<id>. */
  edit?: ScreenDeclaration;
  /** The resource's other screens, by name; the sidebar entry stays highlighted on them. */
  more?: Record<string, ScreenDeclaration>;
  sidebar?: SidebarEntry;
  /** Actions whose permission is not the area's rule. */
  actions?: Partial<ResourceActions>;
}

/** The permission each action on a resource needs (null: anyone signed in). */
export interface ResourceActions {
  create: Permission | null;
  update: Permission | null;
  delete: Permission | null;
  /** Every bulk action (each item is checked as its own action would be). */
  bulk: Permission | null;
  /** The list's CSV or workbook: the view permission and this. */
  export: Permission | null;
  /** The History panel and the audit log's rows of these records. */
  history: Permission | null;
}

export type ScreenKind = "list" | "add" | "edit" | "more";

export interface Screen extends ScreenDeclaration {
  kind: ScreenKind;
  permission: Needs | null;
}

export interface Resource extends ResourceDeclaration {
  /** Every screen in route-table order: list, add, edit, then the others. */
  screens: Screen[];
  actions: ResourceActions;
  /** The edit screen's address of one record. */
  editLink?: (id: number | string) => string;
  /** The address of one of its `more` screens, for the record `id` (by the screen's `param`). */
  link: (screen: string, id: number | string) => string;
}

/**
 * What each action needs by the area's rule: manage to change, `export` for a
 * file, `audit:view` for History; without an area, changes are anyone's.
 */
export function actionsOf(area: PermissionArea | undefined): ResourceActions {
  const manage: Permission | null = area ? `${area}:manage` : null;
  return {
    create: manage,
    update: manage,
    delete: manage,
    bulk: manage,
    export: "export",
    history: "audit:view",
  };
}

/** A resource's declaration with its defaults filled in: the screens' permissions and the actions'. */
export function defineResource(declaration: ResourceDeclaration): Resource {
  const { area, idParam, edit } = declaration;
  const view: Permission | null = area ? `${area}:view` : null;
  const manage: Permission | null = area ? `${area}:manage` : null;
  const screen = (kind: ScreenKind, s: ScreenDeclaration | undefined, needs: Permission | null) =>
    s ? [{ ...s, kind, permission: s.permission === undefined ? needs : s.permission }] : [];
  return {
    ...declaration,
    screens: [
      ...screen("list", declaration.list, view),
      ...screen("add", declaration.add, manage),
      ...screen("edit", declaration.edit, view),
      ...Object.values(declaration.more ?? {}).flatMap((s) => screen("more", s, view)),
    ],
    actions: { ...actionsOf(area), ...declaration.actions },
    ...(edit && idParam ? { editLink: (id) => `${edit.path}?${idParam}=${id}` } : {}),
    link: (name, id) => {
      const screen = declaration.more?.[name];
      if (!screen?.param)
        throw new Error(`${declaration.name} has no screen ${name} of one record`);
      return `${screen.path}?${screen.param}=${id}`;
    },
  };
}
