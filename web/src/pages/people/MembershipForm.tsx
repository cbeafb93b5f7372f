import { type MembershipInput, membershipInput, REQUIREMENT_CONDITIONS } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import { memberships } from "../../api/people";
import {
  Field,
  FormActions,
  FormSkeleton,
  HistoryPanel,
  MissingRecord,
  NumberInput,
  PageHeader,
  RecordForm,
  useEditRecord,
  useRecordForm,
} from "../../components";
import { plainNumber, requirementUnit, shownPercentage } from "./membershipDisplay";

const LIST = "/memberships";
const EMPTY: MembershipInput = {
  membership: "",
  member_percentage: "0",
  member_earning: "0",
  min_requirement: "0",
  req_condition: "",
  rank: "",
};

/**
 * /addMemberships and /editMemberships?mid=: every field required but the
 * rank (blank: above the highest); save goes to /memberships.
 */
export default function MembershipForm() {
  const { id, isEdit, missing, loading, record, version, reload } = useEditRecord(
    "mid",
    memberships.useOne,
  );
  const create = memberships.useCreate();
  const update = memberships.useUpdate();
  const loaded = useMemo(
    () =>
      record && {
        membership: record.membership,
        member_percentage: shownPercentage(record.member_percentage),
        member_earning: shownPercentage(record.member_earning),
        min_requirement: plainNumber(record.min_requirement),
        req_condition: record.req_condition,
        rank: String(record.rank),
      },
    [record],
  );
  const form = useRecordForm({
    schema: membershipInput,
    defaults: EMPTY,
    loaded,
    listRoute: LIST,
    version,
    reload,
    save: (values, shown) =>
      id !== null
        ? update.mutateAsync({ id, input: values, version: shown.version })
        : create.mutateAsync(values),
  });

  if (missing)
    return <MissingRecord what="membership" backTo={LIST} backLabel="Back to Memberships" />;
  if (loading) return <FormSkeleton />;

  // docs/REQUIREMENTS.md section 5: a percentage outside 0 to below 100 shows as 0.
  const capPercent =
    (name: "member_percentage" | "member_earning") => (e: React.ChangeEvent<HTMLInputElement>) => {
      if (Number(e.target.value) >= 100) form.form.setValue(name, "0", { shouldDirty: true });
    };

  return (
    <>
      <PageHeader title={isEdit ? "Edit Membership" : "Add Membership"} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
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
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && <HistoryPanel entity="Membership" entityId={id} />}
    </>
  );
}
