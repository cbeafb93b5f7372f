import {
  type CommissionPlan,
  type CommissionPlanInput,
  RANK_DEPTH_MAX,
  type RankRuleInput,
} from "@store/contract";
import { Form } from "react-bootstrap";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useRegisterFieldLabel } from "../../components/ConflictPanel";
import { translate } from "../../i18n/messages";
import { plainNumber } from "../people/membershipDisplay";
import type { PlanTier } from "./PlanLevels";
import { NumberCell, PlanRows, PlanTable, RemoveCell, SelectCell } from "./planTable";

/** The most rules a plan holds (the contract's own limit). */
const RANKS_MAX = 50;

/**
 * A rank rule of the plan as form values: figures as typed, without trailing
 * zeros; the tier as its select's option holds it (text).
 */
export function rankValues(rule: CommissionPlan["ranks"][number]): RankRuleInput {
  return {
    member_id: String(rule.member_id),
    personal_pv: plainNumber(rule.personal_pv),
    group_pv: plainNumber(rule.group_pv),
    group_depth: rule.group_depth,
    active_legs: rule.active_legs,
  };
}

/**
 * A new rule, for the first tier without one (above the bottom tier, which
 * every member starts on, while another is free): nothing asked until typed.
 */
function newRule(tiers: readonly PlanTier[], used: ReadonlySet<string>): RankRuleInput | null {
  const free = tiers.filter((t) => !used.has(String(t.member_id)));
  const tier = free.find((t) => t.member_id !== tiers[0]?.member_id) ?? free[0];
  if (!tier) return null;
  return {
    member_id: String(tier.member_id),
    personal_pv: "0",
    group_pv: "0",
    group_depth: 1,
    active_legs: 0,
  };
}

/**
 * The plan's ranks at a period's close: a rule per tier (the personal PV in
 * the period, the group PV within a depth, the active direct legs) and
 * whether a member who no longer qualifies moves down. Without rules the
 * default promotion stands. A tier takes one rule: the tiers other rows have
 * are not offered again.
 */
export function PlanRanks({ tiers }: { tiers: readonly PlanTier[] }) {
  const { control, register } = useFormContext<CommissionPlanInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "ranks" });
  const rules = useWatch({ control, name: "ranks" }) ?? [];
  useRegisterFieldLabel("demote", "Move members down when they no longer qualify");

  const chosen = rules.map((r) => String(r?.member_id ?? ""));
  // A tier a rule names that the list does not know (since removed): still shown, by its id.
  const options = [
    ...tiers,
    ...[...new Set(chosen)]
      .filter((id) => id !== "" && !tiers.some((t) => String(t.member_id) === id))
      .map((id) => ({ member_id: Number(id), membership: `#${id}` })),
  ];
  const next = newRule(tiers, new Set(chosen));

  return (
    <PlanRows
      name="ranks"
      title="Ranks at period close"
      addLabel={translate("Add rank rule")}
      addDisabled={next === null || fields.length >= RANKS_MAX}
      onAdd={() => next && append(next)}
      hints={
        <>
          <Form.Text className="d-block text-muted">
            {translate(
              "Group depth: how many levels of the downline count towards group PV, 1 to {{max}}.",
              {
                max: RANK_DEPTH_MAX,
              },
            )}
          </Form.Text>
          <Form.Text className="d-block text-muted mb-2" data-testid="default-promotion-note">
            {translate(
              "Without rules the default promotion applies: one tier up when PV reaches the tier's requirement.",
            )}
          </Form.Text>
          <Form.Check
            type="checkbox"
            id="demote"
            label={translate("Move members down when they no longer qualify")}
            aria-describedby="demote-hint"
            {...register("demote")}
          />
          <Form.Text id="demote-hint" className="d-block text-muted">
            {translate(
              "A member who no longer meets their own tier's rule moves down to the highest lower tier they meet, else to the bottom tier, at the period's release.",
            )}
          </Form.Text>
        </>
      }
    >
      <p className="small text-muted mb-2">
        {translate(
          "At each period's calculation a member moves up to the highest tier whose rule they meet: their own PV in the period, their downline's PV within the group depth, and their active legs (direct referrals active with PV of their own in the period). The changes apply when the period is released.",
        )}
      </p>
      {fields.length > 0 && (
        <PlanTable
          label={translate("Ranks at period close")}
          testId="plan-ranks"
          heads={[
            { text: translate("Tier") },
            { text: translate("Personal PV") },
            { text: translate("Group PV") },
            { text: translate("Group depth") },
            { text: translate("Active legs") },
          ]}
        >
          {fields.map((field, index) => {
            const rule = index + 1;
            const base = `ranks.${index}` as const;
            return (
              <tr key={field.id}>
                <SelectCell
                  name={`${base}.member_id`}
                  label={translate("Rule {{rule}}: tier", { rule })}
                  minWidth="10rem"
                >
                  {options.map((t) => (
                    <option
                      key={t.member_id}
                      value={t.member_id}
                      disabled={chosen.some((id, i) => i !== index && id === String(t.member_id))}
                    >
                      {t.membership}
                    </option>
                  ))}
                </SelectCell>
                <NumberCell
                  name={`${base}.personal_pv`}
                  label={translate("Rule {{rule}}: personal PV", { rule })}
                  minWidth="7rem"
                  step="0.01"
                />
                <NumberCell
                  name={`${base}.group_pv`}
                  label={translate("Rule {{rule}}: group PV", { rule })}
                  minWidth="7rem"
                  step="0.01"
                />
                <NumberCell
                  name={`${base}.group_depth`}
                  label={translate("Rule {{rule}}: group depth", { rule })}
                  minWidth="6rem"
                  step="1"
                  min="1"
                  max={RANK_DEPTH_MAX}
                />
                <NumberCell
                  name={`${base}.active_legs`}
                  label={translate("Rule {{rule}}: active legs", { rule })}
                  minWidth="6rem"
                  step="1"
                />
                <RemoveCell
                  label={translate("Remove rule {{rule}}", { rule })}
                  onClick={() => remove(index)}
                />
              </tr>
            );
          })}
        </PlanTable>
      )}
    </PlanRows>
  );
}
