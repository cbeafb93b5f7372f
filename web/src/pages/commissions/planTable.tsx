import type { ReactNode } from "react";
import { Button, Form, Table } from "react-bootstrap";
import {
  type FieldError as FormFieldError,
  get,
  useFormContext,
  useFormState,
} from "react-hook-form";
import {
  type BoundInput,
  FieldError,
  fieldId,
  inputAria,
  NumberInput,
  ScrollingTable,
} from "../../components";
import { useRegisterFieldLabel } from "../../components/ConflictPanel";
import { useInReadOnlyForm } from "../../components/formReadOnly";
import { translate } from "../../i18n/messages";
import { type ColumnHead, TableHead } from "./tables";

/*
 * The plan form's editable tables (its levels, its rank rules): a row per
 * item of a list of the form, an input per cell, a Remove per row and an Add
 * under the table, none of them while the form is read only.
 */

/**
 * An input in a table cell, bound by name to the form around it: its label
 * read by screen readers only (the column header says it to the eye), its
 * error under it as Field shows one.
 */
export function CellField({
  name,
  label,
  children,
}: {
  name: string;
  label: string;
  children: (input: BoundInput) => ReactNode;
}) {
  const { register, control } = useFormContext();
  useRegisterFieldLabel(name, label);
  const { errors } = useFormState({ control, name });
  const found = get(errors, name) as FormFieldError | undefined;
  const error = found?.message ? found : undefined;
  const id = fieldId(name);
  return (
    <>
      <Form.Label htmlFor={id} visuallyHidden>
        {label}
      </Form.Label>
      {children({ ...inputAria(id, error, false), ...register(name) })}
      <FieldError id={id} error={error} />
    </>
  );
}

/** A cell with a figure typed in it. */
export function NumberCell({
  name,
  label,
  minWidth,
  step,
  min,
  max,
}: {
  name: string;
  label: string;
  minWidth: string;
  step: string;
  min?: string;
  max?: string | number;
}) {
  return (
    <td style={{ minWidth }}>
      <CellField name={name} label={label}>
        {(input) => <NumberInput size="sm" step={step} min={min} max={max} {...input} />}
      </CellField>
    </td>
  );
}

/** A cell with one of its options chosen. */
export function SelectCell({
  name,
  label,
  minWidth,
  children,
}: {
  name: string;
  label: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    <td style={{ minWidth }}>
      <CellField name={name} label={label}>
        {(input) => (
          <Form.Select size="sm" {...input}>
            {children}
          </Form.Select>
        )}
      </CellField>
    </td>
  );
}

/** The row's Remove, named for its row (`label`); none while the form is read only. */
export function RemoveCell({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const readOnly = useInReadOnlyForm();
  if (readOnly) return null;
  return (
    <td>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {translate("Remove")}
      </Button>
    </td>
  );
}

/** The table of the rows, with a column for their Remove while the form can be changed. */
export function PlanTable({
  label,
  testId,
  heads,
  children,
}: {
  label: string;
  testId: string;
  heads: readonly ColumnHead[];
  children: ReactNode;
}) {
  const readOnly = useInReadOnlyForm();
  return (
    <ScrollingTable label={label}>
      <Table size="sm" className="align-top mb-2" data-testid={testId}>
        <TableHead heads={heads} actions={!readOnly} />
        <tbody>{children}</tbody>
      </Table>
    </ScrollingTable>
  );
}

/**
 * The list `name` of the form as a fieldset titled `title` (English, as the
 * conflict panel names the field): `children` (the table), the whole list's
 * own error under it (its order, too many items), the Add, then `hints`.
 */
export function PlanRows({
  name,
  title,
  addLabel,
  addDisabled,
  onAdd,
  hints,
  children,
}: {
  name: string;
  title: string;
  addLabel: string;
  addDisabled: boolean;
  onAdd: () => void;
  hints: ReactNode;
  children: ReactNode;
}) {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const readOnly = useInReadOnlyForm();
  useRegisterFieldLabel(name, title);
  const list = get(errors, name) as (FormFieldError & { root?: FormFieldError }) | undefined;
  const listError = list?.root ?? (list?.message ? list : undefined);
  return (
    <fieldset className="mb-3" aria-describedby={listError ? `${name}-error` : undefined}>
      <legend className="h6">{translate(title)}</legend>
      {children}
      <FieldError id={name} error={listError} />
      {!readOnly && (
        <Button size="sm" variant="outline-primary" disabled={addDisabled} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
      {hints}
    </fieldset>
  );
}
