import type { Permission } from "@store/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Alert, Button, Form } from "react-bootstrap";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  FormProvider,
  get,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { useNavigate } from "react-router";

export type { Schema } from "./formResolver";

import { ApiError, isStale, isUnreachable, recordVersion } from "../api/client";
import { type ErrorAnswer, errorText, fieldErrorOf } from "../i18n/errors";
import { translate } from "../i18n/messages";
import { whenIdle } from "../lib/whenIdle";
import {
  ConflictPanel,
  type FieldLabels,
  FieldLabelsContext,
  type FormConflict,
  type Resolving,
} from "./ConflictPanel";
import { FormReadOnlyContext, useReadOnlyForm } from "./formReadOnly";
import { type Schema, schemaResolver } from "./formResolver";
import { useRecordId } from "./MissingRecord";
import { showToast } from "./toastStore";
import { useUnsavedChangesWarning } from "./useUnsavedChangesWarning";

/**
 * The record of an edit screen, read by its id parameter (?cid=12): `missing`
 * when the id is malformed or the server has no such record (MissingRecord),
 * `loading` until it is there. On an add screen `id` is null and nothing loads.
 * `version` and `reload` are what useRecordForm takes to save with If-Match and
 * to resolve a 412 (the record's version, and its query read again).
 */
export function useEditRecord<T>(
  param: string,
  useOne: (id: number | null) => UseQueryResult<T>,
): {
  id: number | null;
  isEdit: boolean;
  missing: boolean;
  loading: boolean;
  record: T | undefined;
  version: number | undefined;
  reload: () => Promise<unknown>;
} {
  const { id, invalid, isEdit } = useRecordId(param);
  const query = useOne(id);
  const missing = invalid || (query.error instanceof ApiError && query.error.status === 404);
  return {
    id,
    isEdit,
    missing,
    loading: isEdit && !missing && !query.data,
    record: query.data,
    version: recordVersion(query.data),
    reload: query.refetch,
  };
}

/** What a save knows beyond the values: the version of the record the form was loaded from. */
export interface SaveContext {
  /** Sent as If-Match; undefined on an add form or for a record that carries no version. */
  version: number | undefined;
}

export interface RecordFormOptions<TIn extends FieldValues, TOut> {
  /**
   * The contract's zod schema: the one validator of the form and the server.
   * Or its loader, which keeps zod out of the screen's first download (the
   * login page): asked for once the form is drawn and the browser is idle, or
   * by the first check if that comes sooner.
   */
  schema: Schema<TIn, TOut> | (() => Promise<Schema<TIn, TOut>>);
  /** The empty (add) form. */
  defaults: TIn;
  /** The loaded record as form values; the form takes them whenever they change. */
  loaded?: TIn | undefined;
  /**
   * The screen the form leaves to (Cancel, after a save); the unsaved-changes guard lets it go there.
   * Left out for a form with no record screen of its own (a dialog, the login form): no leave-page
   * guard, and a save stays where it is (onSaved says what follows).
   */
  listRoute?: string;
  /**
   * The version of the record `loaded` was made from (its `version`); the save
   * is given the version of what the form last took in, to send as If-Match.
   */
  version?: number | undefined;
  /**
   * Reads the record again (its query's refetch), for a 412's "Load the
   * latest" and "Apply my changes on top"; the fresh record comes back in
   * through `loaded` and `version`.
   */
  reload?: () => Promise<unknown>;
  /**
   * The write. A 400's issues land on the fields they name; a 412 (the record
   * changed since it was loaded) opens the conflict panel, the typing kept.
   */
  save: (values: TOut, context: SaveContext) => Promise<unknown>;
  /** After a successful save; by default the form goes to `listRoute`. */
  onSaved?: (result: unknown, values: TOut) => void;
  /**
   * The success toast after a save, in English (shown through translate()): "Changes
   * saved." unless the screen says more ("Cash Wallet of ali adjusted."); false
   * for a form that saves nothing (the login form). Shown here once, so a
   * screen never adds its own.
   */
  savedMessage?: string | false | ((result: unknown, values: TOut) => string);
  /** Where a 409 (a taken code, a state conflict) is shown, when it is about one field. */
  conflictField?: Path<TIn>;
  /** false for a form that is not a screen of its own (a modal): no leave-page guard. */
  guard?: boolean;
}

/** One announcement of the form's live region; `n` makes a repeat of the same text new. */
interface Announcement {
  text: string;
  n: number;
}

/** The text of the success toast when a form names nothing more (useRecordForm's `savedMessage`). */
export const SAVED_MESSAGE = "Changes saved.";

/** A save that never reached the server (offline): its message, the typing kept, a Retry. */
export interface UnsentSave {
  error: ErrorAnswer;
}

export interface RecordFormApi<TIn extends FieldValues, TOut> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  announcement: Announcement;
  isDirty: boolean;
  isSubmitting: boolean;
  /** The 412 the last save met, until it is resolved; shown by <RecordForm>. */
  conflict: FormConflict<TIn> | null;
  resolving: Resolving;
  /** Drops the typing: the latest record is read and put in the form. */
  loadLatest: () => void;
  /** Puts the fields this admin changed on the latest record and saves with its version. */
  applyMine: () => void;
  /** The form's field labels, by name (the conflict panel's). */
  labels: FieldLabels;
  /** The last save, when it never reached the server, until a save gets through. */
  unsent: UnsentSave | null;
  /** Sends the save again: what the form holds, on the version it was loaded at (If-Match). */
  retry: () => void;
}

/** The top-level fields an admin changed (react-hook-form's dirty marks, nested ones included). */
export function changedFields(dirtyFields: unknown): string[] {
  if (!dirtyFields || typeof dirtyFields !== "object") return [];
  const anyMark = (node: unknown): boolean =>
    node === true ||
    (typeof node === "object" && node !== null && Object.values(node).some(anyMark));
  return Object.entries(dirtyFields)
    .filter(([, mark]) => anyMark(mark))
    .map(([name]) => name);
}

/** How many fields hold a message (nested: variants.0.variant_name counts once). */
export function countErrors(errors: unknown): number {
  if (!errors || typeof errors !== "object") return 0;
  const node = errors as Record<string, unknown>;
  if (typeof node.message === "string" && "type" in node) return 1;
  let n = 0;
  for (const [key, value] of Object.entries(node)) {
    if (key === "ref") continue;
    n += countErrors(value);
  }
  return n;
}

export const announceText = (n: number) =>
  n === 1
    ? translate("1 field needs correcting.")
    : translate("{{count}} fields need correcting.", { count: n });

/**
 * The one form pattern (in the manner of react-admin's useEditController and
 * Refine's useForm): react-hook-form validated by the contract's schema, the
 * loaded record put in, the unsaved-changes guard, a save whose 400 `issues`
 * are shown on the fields they name (the first one focused), and one polite
 * announcement of how many fields need correcting instead of an alert per field.
 * Render it with <RecordForm> and bind fields by name with <Field name=…>.
 */
export function useRecordForm<TIn extends FieldValues, TOut>(
  options: RecordFormOptions<TIn, TOut>,
): RecordFormApi<TIn, TOut> {
  const {
    schema,
    defaults,
    loaded,
    listRoute,
    save,
    onSaved,
    conflictField,
    version,
    reload,
    savedMessage = SAVED_MESSAGE,
  } = options;
  const navigate = useNavigate();
  // Again when the schema changes: a rule may hang on the loaded record (a coupon's saved expiry).
  const { resolver, load } = useMemo(() => schemaResolver(schema), [schema]);
  useEffect(() => (load ? whenIdle(() => void load().catch(() => undefined)) : undefined), [load]);
  const form = useForm<TIn, unknown, TOut>({
    resolver,
    defaultValues: defaults as DefaultValues<TIn>,
  });
  const { reset, getValues, setValue, handleSubmit, formState } = form;
  const { isDirty, isSubmitting } = formState;
  // Read here so react-hook-form keeps the marks ("Apply my changes on top" takes these fields).
  const { dirtyFields } = formState;
  const guarded = options.guard !== false && listRoute !== undefined;
  useUnsavedChangesWarning(guarded && isDirty && !isSubmitting, listRoute ?? "");
  const [announcement, setAnnouncement] = useState<Announcement>({ text: "", n: 0 });
  const announce = useCallback(
    (count: number) => setAnnouncement((a) => ({ text: announceText(count), n: a.n + 1 })),
    [],
  );

  // The record as loaded, and again when it changes on the server (another
  // admin's save), unless the admin has begun editing: their typing is kept.
  // `shownVersion`: the version of what the form took in, which a save is based
  // on; a newer version arriving while the admin types is not it.
  // A key typed counts at once: `isDirty` reaches this hook a render later, and
  // a record's effect can run in between (React runs it before drawing the key),
  // which would wipe what was just typed (a password typed as the form opened).
  const dirtyRef = useRef(isDirty);
  dirtyRef.current = isDirty;
  // Typed since the last draw; a draw carries it in `isDirty`.
  const typedRef = useRef(false);
  typedRef.current = false;
  useEffect(() => {
    const { unsubscribe } = form.watch((_values, { type }) => {
      if (type === "change") typedRef.current = true;
    });
    return unsubscribe;
  }, [form]);
  const shownVersion = useRef(version);
  useEffect(() => {
    if (loaded && !dirtyRef.current && !typedRef.current) {
      reset(loaded);
      shownVersion.current = version;
    }
  }, [loaded, version, reset]);

  const [conflict, setConflict] = useState<FormConflict<TIn> | null>(null);
  const [unsent, setUnsent] = useState<UnsentSave | null>(null);
  const [resolving, setResolving] = useState<Resolving>(null);
  /** Set once the reload of a resolution has answered: what is loaded then is the latest. */
  const [reloaded, setReloaded] = useState(false);
  /** The fields to put on the latest record ("Apply my changes on top"), with their values. */
  const mine = useRef<{ fields: string[]; values: TIn }>({ fields: [], values: defaults });
  const labels = useRef<FieldLabels>(new Map()).current;

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const result = await save(values, { version: shownVersion.current });
        shownVersion.current = recordVersion(result) ?? shownVersion.current;
        setConflict(null);
        setUnsent(null);
        if (savedMessage !== false) {
          showToast(
            typeof savedMessage === "function" ? savedMessage(result, values) : savedMessage,
            "success",
          );
        }
        if (onSaved) {
          // Saved and staying: what is shown is what is stored, so nothing is unsaved.
          reset(getValues());
          onSaved(result, values);
        } else if (listRoute !== undefined) navigate(listRoute);
      } catch (error) {
        // A form that can read its record again resolves a 412 in its panel; one that cannot
        // (a dialog) leaves it to its caller.
        if (isStale(error) && reload) {
          // Said by the panel, not a toast (main.tsx); nothing the admin typed is touched.
          error.shownOnFields = true;
          setUnsent(null);
          setConflict({ conflict: error.conflict, yours: getValues() });
          setAnnouncement((a) => ({ text: "Someone else changed this record", n: a.n + 1 }));
          return;
        }
        if (isUnreachable(error)) {
          // Said on the form beside its Retry, not a toast (main.tsx); the typing stays, and
          // the version the save was based on with it, so a Retry sends the same save.
          error.shownOnFields = true;
          // Its panel is an alert: heard once, not again through the form's live region.
          setUnsent({ error });
          return;
        }
        setUnsent(null);
        const shown = showIssuesOnFields(error, form, conflictField);
        if (shown > 0) announce(shown);
      }
    },
    (errors: FieldErrors<TIn>) => announce(countErrors(errors)),
  );

  function resolve(how: Exclude<Resolving, null>) {
    if (!reload) return;
    mine.current = { fields: changedFields(dirtyFields), values: getValues() };
    setReloaded(false);
    setResolving(how);
    reload().then(
      () => setReloaded(true),
      // The read failed (its toast says why): the panel stays, to try again.
      () => setResolving(null),
    );
  }

  // Once the latest record is in (`loaded` at the version the 412 named, or
  // whatever the reload answered), the form takes it, and for "apply" the
  // admin's own fields go back on top, still marked changed, and are saved.
  const submitRef = useRef(onSubmit);
  submitRef.current = onSubmit;
  const needed = conflict?.conflict.version ?? 0;
  useEffect(() => {
    if (resolving === null || !loaded) return;
    if (!reloaded && (version === undefined || version < needed)) return;
    reset(loaded);
    shownVersion.current = version;
    if (resolving === "apply") {
      const { fields, values } = mine.current;
      for (const name of fields) {
        const path = name as Path<TIn>;
        setValue(path, get(values, name), { shouldDirty: true });
      }
    }
    setConflict(null);
    setResolving(null);
    setReloaded(false);
    if (resolving === "apply") void submitRef.current();
  }, [resolving, reloaded, loaded, version, needed, reset, setValue]);

  return {
    form,
    onSubmit,
    announcement,
    isDirty,
    isSubmitting,
    conflict,
    resolving,
    loadLatest: () => resolve("load"),
    applyMine: () => resolve("apply"),
    labels,
    unsent,
    retry: () => void submitRef.current(),
  };
}

/**
 * Puts a failed save's field issues on the fields they name and focuses the
 * first; answers how many were shown. A 400 whose issues all found a field is
 * marked so its toast is left out (main.tsx): the fields say it.
 */
export function showIssuesOnFields<TIn extends FieldValues>(
  error: unknown,
  form: UseFormReturn<TIn, unknown, unknown>,
  conflictField?: Path<TIn>,
): number {
  if (!(error instanceof ApiError)) return 0;
  if (error.status === 409 && conflictField) {
    form.setError(conflictField, fieldErrorOf(error), { shouldFocus: true });
    return 1;
  }
  // A 409 that names its fields (a line short of stock: items.2.quantity) is shown on them as a 400 is.
  if (error.status !== 400 && !(error.status === 409 && error.issues.length > 0)) return 0;
  const values = form.getValues();
  let shown = 0;
  let unmatched = 0;
  for (const issue of error.issues) {
    if (get(values, issue.path) === undefined) {
      unmatched++;
      continue;
    }
    form.setError(issue.path as Path<TIn>, fieldErrorOf(issue), { shouldFocus: shown === 0 });
    shown++;
  }
  if (shown > 0 && unmatched === 0) error.shownOnFields = true;
  return shown;
}

/**
 * The <form> of the pattern: the fields find the form by context (Field name=…),
 * a polite live region says once how many fields need correcting, and a save
 * that met a 412 shows the conflict panel above the fields.
 */
export function RecordForm<TIn extends FieldValues, TOut>({
  form,
  children,
  className,
  style,
  id,
  permission,
}: {
  form: RecordFormApi<TIn, TOut>;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
  id?: string;
  /** What saving it needs, when not the screen's right to change its records (a secret key's tab). */
  permission?: Permission;
}) {
  // A person who may view the screen but not change its records sees the form read only.
  const readOnly = useReadOnlyForm(permission);
  return (
    <FormProvider {...(form.form as unknown as UseFormReturn<FieldValues>)}>
      <FieldLabelsContext.Provider value={form.labels}>
        <Form id={id} noValidate onSubmit={form.onSubmit} className={className} style={style}>
          <FormAnnouncer announcement={form.announcement} />
          {form.conflict && (
            <ConflictPanel
              key={form.conflict.conflict.version}
              state={form.conflict}
              labels={form.labels}
              resolving={form.resolving}
              onLoadLatest={form.loadLatest}
              onApplyMine={form.applyMine}
            />
          )}
          {form.unsent && (
            <UnsentPanel unsent={form.unsent} retrying={form.isSubmitting} onRetry={form.retry} />
          )}
          <FormReadOnlyContext.Provider value={readOnly}>
            {readOnly && children !== null ? (
              <>
                <p className="text-body-secondary small" data-testid="read-only-note">
                  {translate("You may view this, but not change it.")}
                </p>
                {/* Every field and button inside is disabled; the form's links still lead away. */}
                <fieldset disabled>{children}</fieldset>
              </>
            ) : (
              children
            )}
          </FormReadOnlyContext.Provider>
        </Form>
      </FieldLabelsContext.Provider>
    </FormProvider>
  );
}

/** The form's one live region; an alternating no-break space makes a repeated text heard again. */
export function FormAnnouncer({ announcement }: { announcement: Announcement }) {
  return (
    <div role="status" aria-live="polite" className="visually-hidden">
      {announcement.text
        ? `${translate(announcement.text)}${announcement.n % 2 ? "\u00a0" : ""}`
        : ""}
    </div>
  );
}

/**
 * A save that did not reach the server: the message and a Retry that sends it
 * again. Everything typed is still on the form below (docs/decisions/feedback-for-every-click.md).
 */
function UnsentPanel({
  unsent,
  retrying,
  onRetry,
}: {
  unsent: UnsentSave;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="flex-grow-1">{errorText(unsent.error)}</span>
      <Button size="sm" variant="danger" onClick={onRetry} disabled={retrying}>
        {translate("Retry")}
      </Button>
    </Alert>
  );
}
