import type { ReactNode } from "react";
import { Form } from "react-bootstrap";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { useTranslation } from "../i18n";
import { tx } from "../i18n/messages";

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
                ? tx(label)
                : label
          }
          form={form}
          aria-label={tx(ariaLabel)}
          checked={field.value === 1 || field.value === "1" || field.value === true}
          onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
        />
      )}
    />
  );
}
