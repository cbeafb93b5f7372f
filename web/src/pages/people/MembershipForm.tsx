import {
  type Membership,
  type MembershipInput,
  membershipInput,
  REQUIREMENT_CONDITIONS,
} from "@store/contract";
import { Form } from "react-bootstrap";
import { memberships } from "../../api/people";
import { Field, NumberInput, ResourceForm, useResourceForm } from "../../components";
import type { ScreenProps } from "../../resources/define";
import { plainNumber, requirementUnit, shownPercentage } from "./membershipDisplay";

const EMPTY: MembershipInput = {
  membership: "",
  member_percentage: "0",
  member_earning: "0",
  min_requirement: "0",
  req_condition: "",
  rank: "",
};

const toValues = (m: Membership): MembershipInput => ({
  membership: m.membership,
  member_percentage: shownPercentage(m.member_percentage),
  member_earning: shownPercentage(m.member_earning),
  min_requirement: plainNumber(m.min_requirement),
  req_condition: m.req_condition,
  rank: String(m.rank),
});

/**
 * /addMemberships and /editMemberships?mid=: every field required but the
 * rank (blank: above the highest); save goes to /memberships.
 */
export default function MembershipForm({ resource }: ScreenProps) {
  const form = useResourceForm({
    resource,
    calls: memberships,
    schema: membershipInput,
    defaults: EMPTY,
    toValues,
  });

  // docs/REQUIREMENTS.md section 5: a percentage outside 0 to below 100 shows as 0.
  const capPercent =
    (name: "member_percentage" | "member_earning") => (e: React.ChangeEvent<HTMLInputElement>) => {
      if (Number(e.target.value) >= 100) form.form.setValue(name, "0", { shouldDirty: true });
    };

  return (
    <ResourceForm form={form}>
      <Field name="membership" label="Member Title" />
      {(
        [
          ["member_percentage", "Member Discount %"],
          ["member_earning", "Member Earning %"],
        ] as const
      ).map(([name, label]) => (
        <Field key={name} name={name} label={label}>
          {(input) => (
            <NumberInput
              step="0.01"
              max="99.99"
              {...input}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
                void input.onChange(e);
                capPercent(name)(e);
              }}
            />
          )}
        </Field>
      ))}
      <Field name="min_requirement" label="Minimum Requirement">
        {(input) => <NumberInput step="0.01" {...input} />}
      </Field>
      <Field name="req_condition" label="Requirement Condition">
        {(input) => (
          <Form.Select {...input}>
            <option value="" disabled />
            {REQUIREMENT_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {requirementUnit(c)}
              </option>
            ))}
          </Form.Select>
        )}
      </Field>
      {/* Left blank on add: above the highest tier (docs/REQUIREMENTS.md section 4). */}
      <Field
        name="rank"
        label="Rank"
        hint="1 is the lowest tier; a promotion raises a member one rank"
      >
        {(input) => <NumberInput step="1" min="1" {...input} />}
      </Field>
    </ResourceForm>
  );
}
