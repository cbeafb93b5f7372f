import { declaredRecord, type FieldDeclaration } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import type { z } from "zod";
import { recordCalls } from "../../api/records";
import {
  Field,
  ImageField,
  NumberInput,
  ResourceForm,
  StatusSwitch,
  useResourceForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import type { ScreenProps } from "../../resources/define";

type FormValues = Record<string, string | number>;

/** A new record's values: empty texts, a percentage of 0, inactive. */
const emptyValue = (field: FieldDeclaration) =>
  field.kind === "status" ? 0 : field.kind === "percent" ? "0" : "";

/**
 * The add and edit screens of a declared record (contract/src/records.ts):
 * each declared field in order, drawn by its kind.
 */
export default function DeclaredForm({ resource }: ScreenProps) {
  const record = declaredRecord(resource.name);
  const defaults = useMemo(
    () => Object.fromEntries(record.fields.map((f) => [f.name, emptyValue(f)])) as FormValues,
    [record],
  );
  const form = useResourceForm({
    resource,
    calls: recordCalls(record),
    // Any declared record's input: its fields are known at run time, from the declaration.
    schema: record.input as z.ZodType<FormValues, FormValues>,
    defaults,
  });
  return (
    <ResourceForm form={form}>
      {record.fields.map((field) => {
        const { name, label, hint } = field;
        switch (field.kind) {
          case "status":
            return (
              <StatusSwitch<FormValues>
                key={name}
                control={form.form.control}
                name={name}
                className="mb-3"
              />
            );
          case "image":
            return (
              <ImageField
                key={name}
                name={name}
                label={label}
                hint={hint}
                kind={field.images ?? "product"}
              />
            );
          case "percent":
            return (
              <Field key={name} name={name} label={label} hint={hint}>
                {(input) => <NumberInput step="0.01" min="0" max="99.99" {...input} />}
              </Field>
            );
          case "choice":
            return (
              <Field key={name} name={name} label={label} hint={hint}>
                {(input) => (
                  <Form.Select {...input}>
                    <option value="" disabled />
                    {Object.entries(field.choices ?? {}).map(([value, text]) => (
                      <option key={value} value={value}>
                        {translate(text)}
                      </option>
                    ))}
                  </Form.Select>
                )}
              </Field>
            );
          default:
            return <Field key={name} name={name} label={label} hint={hint} />;
        }
      })}
    </ResourceForm>
  );
}
