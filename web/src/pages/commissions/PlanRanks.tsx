import {
  type CommissionPlan,
  type CommissionPlanInput,
  RANK_DEPTH_MAX,
  type RankRuleInput,
} from "@store/contract";
import { Button, Form, Table } from "react-bootstrap";
import { useFieldArray, useFormContext, useFormState, useWatch } from "react-hook-form";
import { FieldError, NumberInput, ScrollingTable } from "../../components";
import { useRegisterFieldLabel } from "../../components/ConflictPanel";
import { useInReadOnlyForm } from "../../components/formReadOnly";
import { translate } from "../../i18n/messages";
import { plainNumber } from "../people/membershipDisplay";
import { CellField, type PlanTier } from "./PlanLevels";

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
  const { errors } = useFormState({ control, name: "ranks" });
  const readOnly = useInReadOnlyForm();
  useRegisterFieldLabel("ranks", "Ranks at period close");
  useRegisterFieldLabel("demote", "Move members down when they no longer qualify");
  const listError = errors.ranks?.root ?? (errors.ranks?.message ? errors.ranks : undefined);

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
    <fieldset className="mb-3" aria-describedby={listError ? "ranks-error" : undefined}>
      <legend className="h6">{translate("Ranks at period close")}</legend>
      <p className="small text-muted mb-2">
        {translate(
          "At each period's calculation a member moves up to the highest tier whose rule they meet: their own PV in the period, their downline's PV within the group depth, and their active legs (direct referrals active with PV of their own in the period). The changes apply when the period is released.",
        )}
      </p>
      {fields.length > 0 && (
        <ScrollingTable label={translate("Ranks at period close")}>
          <Table size="sm" className="align-top mb-2" data-testid="plan-ranks">
            <thead>
              <tr>
                <th scope="col">{translate("Tier")}</th>
                <th scope="col">{translate("Personal PV")}</th>
                <th scope="col">{translate("Group PV")}</th>
                <th scope="col">{translate("Group depth")}</th>
                <th scope="col">{translate("Active legs")}</th>
                {!readOnly && (
                  <th scope="col">
                    <span className="visually-hidden">{translate("Actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => {
                const rule = index + 1;
                const base = `ranks.${index}` as const;
                return (
                  <tr key={field.id}>
                    <td style={{ minWidth: "10rem" }}>
                      <CellField
                        name={`${base}.member_id`}
                        label={translate("Rule {{rule}}: tier", { rule })}
                      >
                        {(input) => (
                          <Form.Select size="sm" {...input}>
                            {options.map((t) => (
                              <option
                                key={t.member_id}
                                value={t.member_id}
                                disabled={chosen.some(
                                  (id, i) => i !== index && id === String(t.member_id),
                                )}
                              >
                                {t.membership}
                              </option>
                            ))}
                          </Form.Select>
                        )}
                      </CellField>
                    </td>
                    <td style={{ minWidth: "7rem" }}>
                      <CellField
                        name={`${base}.personal_pv`}
                        label={translate("Rule {{rule}}: personal PV", { rule })}
                      >
                        {(input) => <NumberInput size="sm" step="0.01" {...input} />}
                      </CellField>
                    </td>
                    <td style={{ minWidth: "7rem" }}>
                      <CellField
                        name={`${base}.group_pv`}
                        label={translate("Rule {{rule}}: group PV", { rule })}
                      >
                        {(input) => <NumberInput size="sm" step="0.01" {...input} />}
                      </CellField>
                    </td>
                    <td style={{ minWidth: "6rem" }}>
                      <CellField
                        name={`${base}.group_depth`}
                        label={translate("Rule {{rule}}: group depth", { rule })}
                      >
                        {(input) => (
                          <NumberInput size="sm" step="1" min="1" max={RANK_DEPTH_MAX} {...input} />
                        )}
                      </CellField>
                    </td>
                    <td style={{ minWidth: "6rem" }}>
                      <CellField
                        name={`${base}.active_legs`}
                        label={translate("Rule {{rule}}: active legs", { rule })}
                      >
                        {(input) => <NumberInput size="sm" step="1" {...input} />}
                      </CellField>
                    </td>
                    {!readOnly && (
                      <td>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={translate("Remove rule {{rule}}", { rule })}
                          onClick={() => remove(index)}
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
      )}
      <FieldError id="ranks" error={listError} />
      {!readOnly && (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={next === null || fields.length >= RANKS_MAX}
          onClick={() => next && append(next)}
        >
          {translate("Add rank rule")}
        </Button>
      )}
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
    </fieldset>
  );
}
