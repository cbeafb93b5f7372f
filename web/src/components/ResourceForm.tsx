import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import type { FieldValues } from "react-hook-form";
import { useLocation } from "react-router";
import type { UpdateTarget } from "../api/crud";
import type { Resource } from "../resources/define";
import { FormActions } from "./FormActions";
import { HistoryPanel } from "./HistoryPanel";
import { FormSkeleton } from "./Loading";
import { MissingRecord } from "./MissingRecord";
import { PageHeader } from "./PageHeader";
import {
  RecordForm,
  type RecordFormApi,
  type RecordFormOptions,
  type SaveContext,
  type Schema,
  useEditRecord,
  useRecordForm,
} from "./useRecordForm";

/** The calls of a record's form: api/<domain>.ts's createResource hooks. */
export interface RecordCalls<TRecord, TOut> {
  useOne: (id: number | null) => UseQueryResult<TRecord>;
  useCreate: () => { mutateAsync: (input: TOut) => Promise<unknown> };
  useUpdate: () => { mutateAsync: (target: UpdateTarget<TOut>) => Promise<unknown> };
}

export interface CustomResourceFormOptions<TRecord, TIn extends FieldValues, TOut>
  extends Omit<
    RecordFormOptions<TIn, TOut>,
    "schema" | "loaded" | "listRoute" | "version" | "reload" | "save"
  > {
  /** The screen's resource (its ScreenProps): routes, id parameter, noun, audit entity. */
  resource: Resource;
  /** Reads the record by id (api/<domain>.ts's useOne). */
  useOne: RecordCalls<TRecord, TOut>["useOne"];
  /**
   * The contract's schema, or the schema for the loaded record (a rule that
   * hangs on what is saved: a coupon's own expiry); keep that one stable.
   */
  schema: Schema<TIn, TOut> | ((record: TRecord | undefined) => Schema<TIn, TOut>);
  /**
   * The loaded record as the form's values; undefined while something else it
   * needs is still loading. Keep it stable (module level, or useCallback).
   * Without it, the record's fields that `defaults` names (the form's fields).
   */
  toValues?: (record: TRecord) => TIn | undefined;
  /** The write: a create when `id` is null, else an update sent with `version` as If-Match. */
  save: (values: TOut, context: SaveContext & { id: number | null }) => Promise<unknown>;
}

export interface ResourceFormOptions<TRecord, TIn extends FieldValues, TOut>
  extends Omit<CustomResourceFormOptions<TRecord, TIn, TOut>, "useOne" | "save"> {
  /** The record's calls (api/<domain>.ts's createResource): read, create, update. */
  calls: RecordCalls<TRecord, TOut>;
}

export interface ResourceFormApi<TRecord, TIn extends FieldValues, TOut>
  extends RecordFormApi<TIn, TOut> {
  resource: Resource;
  /** The edited record's id; null on the add screen. */
  id: number | null;
  isEdit: boolean;
  /** A malformed or unknown id (or none, for a resource without an add screen). */
  missing: boolean;
  loading: boolean;
  record: TRecord | undefined;
}

/**
 * The form of one resource's add and edit screens, saved by the resource's
 * create and update calls (useCustomResourceForm for a write of its own).
 */
export function useResourceForm<TRecord, TIn extends FieldValues, TOut>(
  options: ResourceFormOptions<TRecord, TIn, TOut>,
): ResourceFormApi<TRecord, TIn, TOut> {
  const { calls, ...rest } = options;
  const create = calls.useCreate();
  const update = calls.useUpdate();
  return useCustomResourceForm({
    ...rest,
    useOne: calls.useOne,
    save: (values, { id, version }) =>
      id !== null ? update.mutateAsync({ id, input: values, version }) : create.mutateAsync(values),
  });
}

/**
 * The form of one resource's add and edit screens (docs/ARCHITECTURE.md, "How to
 * add a list and form"): the record read by the declared id parameter, its
 * values put in, the version sent as If-Match and a 412 resolved in the
 * conflict panel, create or update, the toast and the way back to the list
 * (useRecordForm). Render it with <ResourceForm>.
 */
export function useCustomResourceForm<TRecord, TIn extends FieldValues, TOut>(
  options: CustomResourceFormOptions<TRecord, TIn, TOut>,
): ResourceFormApi<TRecord, TIn, TOut> {
  const { resource, useOne, schema, toValues, save, ...rest } = options;
  const edit = useEditRecord(resource.idParam ?? "id", useOne);
  const { id, record } = edit;
  const { defaults } = rest;
  const onAddScreen = useLocation().pathname === resource.add?.path;
  const valuesOf = useMemo(
    () => toValues ?? formFieldsOf<TRecord, TIn>(defaults),
    [toValues, defaults],
  );
  const loaded = useMemo(() => record && valuesOf(record), [record, valuesOf]);
  const schemaNow = useMemo(
    () => (typeof schema === "function" ? schema(record) : schema),
    [schema, record],
  );
  const form = useRecordForm<TIn, TOut>({
    ...rest,
    schema: schemaNow,
    loaded,
    listRoute: resource.list.path,
    version: edit.version,
    reload: edit.reload,
    save: (values, shown) => save(values, { ...shown, id }),
  });
  return {
    ...form,
    resource,
    id,
    isEdit: edit.isEdit,
    // Without an id, only the add screen has something to do (an edit screen
    // opened without one is missing, even where the add screen is a form of its own).
    missing: edit.missing || (id === null && !onAddScreen),
    loading: edit.loading || (edit.isEdit && loaded === undefined),
    record,
  };
}

/**
 * An add or edit screen: the missing-record notice, the skeleton while
 * loading, the title and back link, the fields given as children, Cancel and
 * Add or Save, and on edit the record's History panel.
 */
export function ResourceForm<TRecord, TIn extends FieldValues, TOut>({
  form,
  children,
  ready = true,
  actions,
  maxWidth = 720,
  panels,
}: {
  form: ResourceFormApi<TRecord, TIn, TOut>;
  children: ReactNode;
  /** false while something the fields need is still loading (a select's options). */
  ready?: boolean;
  /** Buttons beside the title (an edit screen's links to related screens). */
  actions?: ReactNode;
  maxWidth?: number;
  /** More of the record on its edit screen, above its History (a user's sessions). */
  panels?: ReactNode;
}) {
  const { resource, id, isEdit } = form;
  const list = resource.list;
  if (form.missing) {
    return (
      <MissingRecord
        what={resource.noun?.one ?? "record"}
        backTo={list.path}
        backLabel={`Back to ${list.title}`}
      />
    );
  }
  if (form.loading || !ready) return <FormSkeleton />;
  const screen = isEdit ? resource.edit : resource.add;
  return (
    <>
      <PageHeader title={screen?.title ?? list.title} backTo={list.path}>
        {actions}
      </PageHeader>
      <RecordForm form={form} className="card p-3" style={{ maxWidth }}>
        {children}
        <FormActions cancelTo={list.path} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && panels}
      {id !== null && resource.entity && <HistoryPanel entity={resource.entity} entityId={id} />}
    </>
  );
}

/** The record's values of the form's fields: those `defaults` names, nothing restated. */
function formFieldsOf<TRecord, TIn>(defaults: TIn): (record: TRecord) => TIn {
  const fields = Object.keys(defaults as object);
  return (record) =>
    Object.fromEntries(
      fields.map((field) => [field, (record as Record<string, unknown>)[field]]),
    ) as TIn;
}
