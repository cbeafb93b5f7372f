import { zodResolver } from "@hookform/resolvers/zod";
import { type MembershipInput, membershipInput, REQUIREMENT_CONDITIONS } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../api/client";
import { memberships } from "../../api/people";
import {
  Field,
  FormActions,
  FormSkeleton,
  MissingRecord,
  NumberInput,
  PageHeader,
  useRecordId,
  useUnsavedChangesWarning,
} from "../../components";
import { showServerIssues } from "../../lib/formErrors";
import { plainNumber, requirementUnit, shownPercentage } from "./membershipDisplay";

type Values = z.output<typeof membershipInput>;
const LIST = "/memberships";
const FIELDS = [
  "membership",
  "member_percentage",
  "member_earning",
  "min_requirement",
  "req_condition",
] as const;
const EMPTY: MembershipInput = {
  membership: "",
  member_percentage: "0",
  member_earning: "0",
  min_requirement: "0",
  req_condition: "",
};

/** /addMemberships and /editMemberships?mid=: every field required; save goes to /memberships. */
export default function MembershipForm() {
  const { id, invalid, isEdit } = useRecordId("mid");
  const record = memberships.useOne(id);
  const create = memberships.useCreate();
  const update = memberships.useUpdate();
  const navigate = useNavigate();
  const form = useForm<MembershipInput, unknown, Values>({
    resolver: zodResolver(membershipInput),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (!record.data) return;
    const m = record.data;
    reset({
      membership: m.membership,
      member_percentage: shownPercentage(m.member_percentage),
      member_earning: shownPercentage(m.member_earning),
      min_requirement: plainNumber(m.min_requirement),
      req_condition: m.req_condition,
    });
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="membership" backTo={LIST} backLabel="Back to Memberships" />;
  }
  if (isEdit && !record.data) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (id !== null) await update.mutateAsync({ id, input: values });
      else await create.mutateAsync(values);
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, FIELDS);
    }
  });

  // docs/REQUIREMENTS.md section 5: a percentage outside 0 to below 100 shows as 0.
  const percent = (name: "member_percentage" | "member_earning") =>
    register(name, {
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        if (Number(e.target.value) >= 100) form.setValue(name, "0", { shouldDirty: true });
      },
    });

  return (
    <>
      <PageHeader title={isEdit ? "Edit Membership" : "Add Membership"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field label="Member Title" htmlFor="membership" error={errors.membership?.message}>
          <Form.Control
            id="membership"
            isInvalid={!!errors.membership}
            {...register("membership")}
          />
        </Field>
        <Field
          label="Member Discount %"
          htmlFor="member_percentage"
          error={errors.member_percentage?.message}
        >
          <NumberInput
            id="member_percentage"
            step="0.01"
            max="99.99"
            isInvalid={!!errors.member_percentage}
            {...percent("member_percentage")}
          />
        </Field>
        <Field
          label="Member Earning %"
          htmlFor="member_earning"
          error={errors.member_earning?.message}
        >
          <NumberInput
            id="member_earning"
            step="0.01"
            max="99.99"
            isInvalid={!!errors.member_earning}
            {...percent("member_earning")}
          />
        </Field>
        <Field
          label="Minimum Requirement"
          htmlFor="min_requirement"
          error={errors.min_requirement?.message}
        >
          <NumberInput
            id="min_requirement"
            step="0.01"
            isInvalid={!!errors.min_requirement}
            {...register("min_requirement")}
          />
        </Field>
        <Field
          label="Requirement Condition"
          htmlFor="req_condition"
          error={errors.req_condition?.message}
        >
          <Form.Select
            id="req_condition"
            isInvalid={!!errors.req_condition}
            {...register("req_condition")}
          >
            <option value="" disabled />
            {REQUIREMENT_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {requirementUnit(c)}
              </option>
            ))}
          </Form.Select>
        </Field>
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
