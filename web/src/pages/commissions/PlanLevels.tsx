import { COMMISSION_MAX_LEVELS, type CommissionPlanInput, WHEN_UNQUALIFIED } from "@store/contract";
import { Form } from "react-bootstrap";
import { useFieldArray, useFormContext } from "react-hook-form";
import { translate } from "../../i18n/messages";
import { WHEN_UNQUALIFIED_LABELS } from "./periodText";
import { NumberCell, PlanRows, PlanTable, RemoveCell, SelectCell } from "./planTable";

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
 * The plan's levels: a row per level (1 the buyer's referrer's), a rate % per
 * membership tier, the personal PV an upline needs in the period, and what
 * happens when they fall short: the level is skipped, or passes up to the next
 * qualified upline (compression). Up to COMMISSION_MAX_LEVELS; removing one
 * numbers the rest again, as the contract wants them 1, 2, 3, ….
 */
export function PlanLevels({ tiers }: { tiers: readonly PlanTier[] }) {
  const { control, getValues, setValue } = useFormContext<CommissionPlanInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "levels" });

  const removeLevel = (index: number) => {
    remove(index);
    getValues("levels").forEach((_, i) => {
      setValue(`levels.${i}.level`, i + 1, { shouldDirty: true });
    });
  };

  return (
    <PlanRows
      name="levels"
      title="Levels"
      addLabel={translate("Add level")}
      addDisabled={fields.length >= COMMISSION_MAX_LEVELS}
      onAdd={() => append(newLevel(fields.length + 1, tiers))}
      hints={
        <Form.Text className="d-block text-muted">
          {translate(
            "Level 1 is the buyer's referrer, level 2 their referrer, and so on, up to {{max}} levels. A tier's rate is what an upline of that tier earns at that level, as a % of the order.",
            { max: COMMISSION_MAX_LEVELS },
          )}
        </Form.Text>
      }
    >
      <PlanTable
        label={translate("Levels")}
        testId="plan-levels"
        heads={[
          { text: translate("Level") },
          ...tiers.map((t) => ({
            key: t.member_id,
            text: translate("{{tier}} rate %", { tier: t.membership }),
            className: "text-nowrap",
          })),
          { text: translate("Minimum personal PV") },
          { text: translate("When unqualified") },
        ]}
      >
        {fields.map((field, index) => {
          const level = index + 1;
          const base = `levels.${index}` as const;
          return (
            <tr key={field.id}>
              <th scope="row" className="pt-2">
                {level}
              </th>
              {tiers.map((t) => (
                <NumberCell
                  key={t.member_id}
                  name={`${base}.rates.${t.member_id}`}
                  label={translate("Level {{level}}: {{tier}} rate %", {
                    level,
                    tier: t.membership,
                  })}
                  minWidth="7rem"
                  step="0.01"
                  max="99.99"
                />
              ))}
              <NumberCell
                name={`${base}.min_personal_pv`}
                label={translate("Level {{level}}: minimum personal PV", { level })}
                minWidth="8rem"
                step="0.01"
              />
              <SelectCell
                name={`${base}.when_unqualified`}
                label={translate("Level {{level}}: when unqualified", { level })}
                minWidth="12rem"
              >
                {WHEN_UNQUALIFIED.map((w) => (
                  <option key={w} value={w}>
                    {translate(WHEN_UNQUALIFIED_LABELS[w])}
                  </option>
                ))}
              </SelectCell>
              <RemoveCell
                label={translate("Remove level {{level}}", { level })}
                disabled={fields.length <= 1}
                onClick={() => removeLevel(index)}
              />
            </tr>
          );
        })}
      </PlanTable>
    </PlanRows>
  );
}
