import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Form } from "react-bootstrap";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { type BulkAnswer, recordVersion } from "../api/client";
import type { BulkRequest } from "../api/crud";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";
import { useMayDo } from "../resources/context";
import { useRegisterFieldLabel } from "./ConflictPanel";
import type { Column } from "./DataTable";
import { StatusBadge } from "./StatusBadge";
import { staleRowText } from "./staleRows";
import { showToast } from "./toastStore";

/**
 * A 1/0 status field as a switch. The form may hold the status as it came from
 * the server (1, "1") or as a checkbox left it (true); the switch writes 1 or 0.
 */
export function StatusSwitch<T extends FieldValues>({
  control,
  name,
  label,
  id = name,
  className,
  form,
  "aria-label": ariaLabel,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  /** false for a switch labelled only by aria-label (a table cell). */
  label?: ReactNode;
  id?: string;
  className?: string;
  /** The id of the form the switch belongs to, when it stands outside it (a table row). */
  form?: string;
  "aria-label"?: string;
}) {
  const { t } = useTranslation();
  // A conflict names the field as the switch does ("Referral Commission…"); the
  // default label says no more than the field's own name ("Brand status"), which is kept.
  useRegisterFieldLabel(name, label);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Form.Check
          type="switch"
          id={id}
          className={className}
          label={
            label === undefined
              ? t("common.statusActive")
              : typeof label === "string"
                ? translate(label)
                : label
          }
          form={form}
          aria-label={translate(ariaLabel)}
          checked={field.value === 1 || field.value === "1" || field.value === true}
          onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
        />
      )}
    />
  );
}

/**
 * A row's 1/0 status as a switch in a list, its word (Active, Inactive) as the
 * badge the list showed before. Switching runs the list's own bulk Activate or
 * Deactivate on that one row, sent with the version the row is shown with: a
 * row changed by someone else since is left as it is, the list says so by
 * name and shows it afresh (the bulk call refreshes the list whatever the answer).
 */
export function RowStatusSwitch({
  run,
  id,
  name,
  version,
  value,
}: {
  /** The list's bulk mutation (xs.useBulk()). */
  run: UseMutationResult<BulkAnswer, Error, BulkRequest>;
  id: number;
  /** Names the row: its accessible name, and the message when it changed meanwhile. */
  name: string;
  version: number | undefined;
  value: number | string | null | undefined;
}) {
  const on = Number(value) === 1;
  const [busy, setBusy] = useState(false);
  // Without the screen's manage permission the row shows its status, not a switch.
  const mayChange = useMayDo("update");
  function toggle() {
    setBusy(true);
    run.mutate(
      {
        action: on ? "deactivate" : "activate",
        ids: [id],
        ...(version !== undefined ? { versions: { [String(id)]: version } } : {}),
      },
      {
        onSuccess: (answer) => {
          const result = answer.results.find((r) => r.id === id);
          if (!result || result.ok) return;
          showToast(result.status === 412 ? staleRowText(name) : result);
        },
        onSettled: () => setBusy(false),
      },
    );
  }
  if (!mayChange) return <StatusBadge value={value} />;
  return (
    <Form.Check
      type="switch"
      id={`row-status-${id}`}
      className="mb-0 text-nowrap"
      label={<StatusBadge value={value} />}
      role="switch"
      aria-label={translate("Status of {{name}}", { name })}
      checked={on}
      disabled={busy}
      onChange={toggle}
    />
  );
}

/**
 * A list's Status column as row switches (RowStatusSwitch), for a list whose
 * bulk actions include Activate and Deactivate.
 */
export function statusColumn<T>({
  field,
  of,
  idOf,
  nameOf,
  run,
  header = "Status",
  note,
}: {
  /** The status field: the column sorts by it. */
  field: string;
  of: (row: T) => number | string | null | undefined;
  idOf: (row: T) => number;
  nameOf: (row: T) => string;
  run: UseMutationResult<BulkAnswer, Error, BulkRequest>;
  header?: string;
  /** A word beside the switch when the status alone would mislead ("Expired": an active coupon past its expiry). */
  note?: (row: T) => string | undefined;
}): Column<T> {
  return {
    header,
    sort: field,
    role: "status",
    cell: (row) => {
      const status = (
        <RowStatusSwitch
          run={run}
          id={idOf(row)}
          name={nameOf(row)}
          version={recordVersion(row)}
          value={of(row)}
        />
      );
      const said = note?.(row);
      if (!said) return status;
      return (
        <div className="d-flex align-items-center gap-2 text-nowrap">
          {status}
          <span className="small fw-semibold text-danger-emphasis" data-testid="status-note">
            {translate(said)}
          </span>
        </div>
      );
    },
  };
}
