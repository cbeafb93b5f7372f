import { COMMISSION_MAX_LEVELS, type CommissionPlanInput, WHEN_UNQUALIFIED } from "@store/contract";
import type { ReactNode } from "react";
import { Button, Form, Table } from "react-bootstrap";
import {
  type FieldError as FormFieldError,
  get,
  useFieldArray,
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
import { WHEN_UNQUALIFIED_LABELS } from "./periodText";

/** A membership tier as the plan's rates name it: by its id, with its title. */
export interface PlanTier {
  member_id: number;
  membership: string;
}

type LevelValues = CommissionPlanInput["levels"][number];

/** A new level: nothing paid to any tier until a rate is typed, and no PV asked. */
export function newLevel(level: number, tiers: readonly PlanTier[]): LevelValues {
  return {
    level,
    rates: Object.fromEntries(tiers.map((t) => [String(t.member_id), "0"])),
    min_personal_pv: "0",
    when_unqualified: "skip",
  };
}

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

/**
 * The plan's levels: a row per level (1 the buyer's referrer's), a rate % per
 * membership tier, the personal PV an upline needs in the period, and what
 * happens when they fall short: the level is skipped, or passes up to the next
 * qualified upline (compression). Up to COMMISSION_MAX_LEVELS; removing one
 * numbers the rest again, as the contract wants them 1, 2, 3, ….
 */
export function PlanLevels({ tiers }: { tiers: readonly PlanTier[] }) {
  const { control, getValues, setValue } = useFormContext<CommissionPlanInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "levels" });
  const { errors } = useFormState({ control, name: "levels" });
  const readOnly = useInReadOnlyForm();
  useRegisterFieldLabel("levels", "Levels");
  // The whole list's own rule (levels_in_order, too_many_items): under the table.
  const listError = errors.levels?.root ?? (errors.levels?.message ? errors.levels : undefined);

  const removeLevel = (index: number) => {
    remove(index);
    getValues("levels").forEach((_, i) => {
      setValue(`levels.${i}.level`, i + 1, { shouldDirty: true });
    });
  };

  return (
    <fieldset className="mb-3" aria-describedby={listError ? "levels-error" : undefined}>
      <legend className="h6">{translate("Levels")}</legend>
      <ScrollingTable label={translate("Levels")}>
        <Table size="sm" className="align-top mb-2" data-testid="plan-levels">
          <thead>
            <tr>
              <th scope="col">{translate("Level")}</th>
              {tiers.map((t) => (
                <th scope="col" key={t.member_id} className="text-nowrap">
                  {translate("{{tier}} rate %", { tier: t.membership })}
                </th>
              ))}
              <th scope="col">{translate("Minimum personal PV")}</th>
              <th scope="col">{translate("When unqualified")}</th>
              {!readOnly && (
                <th scope="col">
                  <span className="visually-hidden">{translate("Actions")}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const level = index + 1;
              const base = `levels.${index}` as const;
              return (
                <tr key={field.id}>
                  <th scope="row" className="pt-2">
                    {level}
                  </th>
                  {tiers.map((t) => (
                    <td key={t.member_id} style={{ minWidth: "7rem" }}>
                      <CellField
                        name={`${base}.rates.${t.member_id}`}
                        label={translate("Level {{level}}: {{tier}} rate %", {
                          level,
                          tier: t.membership,
                        })}
                      >
                        {(input) => <NumberInput size="sm" step="0.01" max="99.99" {...input} />}
                      </CellField>
                    </td>
                  ))}
                  <td style={{ minWidth: "8rem" }}>
                    <CellField
                      name={`${base}.min_personal_pv`}
                      label={translate("Level {{level}}: minimum personal PV", { level })}
                    >
                      {(input) => <NumberInput size="sm" step="0.01" {...input} />}
                    </CellField>
                  </td>
                  <td style={{ minWidth: "12rem" }}>
                    <CellField
                      name={`${base}.when_unqualified`}
                      label={translate("Level {{level}}: when unqualified", { level })}
                    >
                      {(input) => (
                        <Form.Select size="sm" {...input}>
                          {WHEN_UNQUALIFIED.map((w) => (
                            <option key={w} value={w}>
                              {translate(WHEN_UNQUALIFIED_LABELS[w])}
                            </option>
                          ))}
                        </Form.Select>
                      )}
                    </CellField>
                  </td>
                  {!readOnly && (
                    <td>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        aria-label={translate("Remove level {{level}}", { level })}
                        disabled={fields.length <= 1}
                        onClick={() => removeLevel(index)}
                      >
                        {translate("Remove")}
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </ScrollingTable>
      <FieldError id="levels" error={listError} />
      {!readOnly && (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={fields.length >= COMMISSION_MAX_LEVELS}
          onClick={() => append(newLevel(fields.length + 1, tiers))}
        >
          {translate("Add level")}
        </Button>
      )}
      <Form.Text className="d-block text-muted">
        {translate(
          "Level 1 is the buyer's referrer, level 2 their referrer, and so on, up to {{max}} levels. A tier's rate is what an upline of that tier earns at that level, as a % of the order.",
          { max: COMMISSION_MAX_LEVELS },
        )}
      </Form.Text>
    </fieldset>
  );
}
