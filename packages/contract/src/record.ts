import type { z } from "zod";
import type { PermissionArea } from "./permissions";

/**
 * A record declared once (docs/decisions/record-declarations.md): the
 * server's five calls and bulk call, its service, the audit log's label, the
 * image references and the export, and the web's resource, list and form are
 * made from this. Plain data and schemas only: both sides import it.
 */

/** How a field shows in the derived list and form. */
export type FieldKind = "text" | "image" | "status" | "percent" | "choice";

export interface FieldDeclaration<Name extends string = string> {
  name: Name;
  /** The column header and the form label, in English (the catalogues translate it). */
  label: string;
  /** `text` unless said. */
  kind?: FieldKind;
  /** A choice's values and their English labels, in the order offered. */
  choices?: Readonly<Record<string, string>>;
  /** Under the form field, in English. */
  hint?: string;
  /** An image's rule (docs/REQUIREMENTS.md section 5): the file types a brand's or a product's takes. */
  images?: "brand" | "product";
}

/** The line icons of the web app's sidebar (web/src/layout/icons.tsx draws them). */
export type SidebarIcon =
  | "home"
  | "box"
  | "folder"
  | "cart"
  | "ticket"
  | "users"
  | "wallet"
  | "cash"
  | "store"
  | "award"
  | "image"
  | "tag"
  | "quote"
  | "gear"
  | "list"
  | "shield"
  | "chart";

/** The job a sidebar entry belongs to; the order of docs/REQUIREMENTS.md section 2 interleaves them. */
export type SidebarGroup = "home" | "catalog" | "sales" | "people" | "money" | "content" | "system";

/** Where the web app shows the record (paths as docs/REQUIREMENTS.md spells them). */
export interface RecordScreens {
  list: string;
  add: string;
  edit: string;
  /** The edit screen's id parameter: /editBrands?bid=12. */
  idParam: string;
  /** The sidebar entry: its group, icon and place from the top (web/src/resources/define.ts). */
  sidebar: { group: SidebarGroup; icon: SidebarIcon; order: number };
}

export interface RecordDeclaration<
  Answer extends z.ZodObject = z.ZodObject,
  Input extends z.ZodType = z.ZodType,
  Entity extends string = string,
> {
  /** The collection under /api (GET/POST /api/<name>, /api/<name>/{id}), the list's and export's name. */
  name: string;
  /** Its SQL table. */
  table: string;
  key: Extract<keyof z.output<Answer>, string>;
  /** The audit log's name of the kind ("Brand"). */
  entity: Entity;
  /** The field that names one record: the audit log's label, a dialog's row. */
  title: Extract<keyof z.output<Answer>, string>;
  /** `<area>:view` reads, `<area>:manage` writes. */
  area: PermissionArea;
  /** In words, in English: the screens' titles ("Add Brand"), the sidebar, the bulk texts ("3 brands"). */
  names: { one: string; many: string };
  /** A 0/1 status: bulk Activate and Deactivate, the list's switch and filter. */
  status?: Extract<keyof z.output<Answer>, string>;
  /** A field naming an uploaded image: kept by the upload sweep, renamed by the move-in. */
  image?: Extract<keyof z.output<Answer>, string>;
  /** The request body of create and update, and the form's validator. */
  input: Input;
  /** The record as answered. */
  record: Answer;
  /** The searched fields and the default order of the list. */
  list: {
    search: readonly Extract<keyof z.output<Answer>, string>[];
    order: { by: Extract<keyof z.output<Answer>, string>; order: "asc" | "desc" };
  };
  /** The list's columns, the export's and the derived form's fields, in order. */
  fields: readonly FieldDeclaration<Extract<keyof z.output<Answer>, string>>[];
  /** The derived screens, when the web app has no screens of its own for it. */
  screens?: RecordScreens;
}

/** A record's declaration, its literal entity kept (the audit log's entities are a union of them). */
export function defineRecord<
  Answer extends z.ZodObject,
  Input extends z.ZodType,
  const Entity extends string,
>(declaration: RecordDeclaration<Answer, Input, Entity>): RecordDeclaration<Answer, Input, Entity> {
  return declaration;
}
