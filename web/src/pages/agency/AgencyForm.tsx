import { zodResolver } from "@hookform/resolvers/zod";
import { type AgencyStoreInput, agencyStoreInput } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { agencyStores } from "../../api/agency";
import { ApiError } from "../../api/client";
import {
  Field,
  FormActions,
  FormSkeleton,
  MissingRecord,
  PageHeader,
  StatusSwitch,
  useRecordId,
  useUnsavedChangesWarning,
} from "../../components";
import { fromDateTimeLocal, toDateTimeLocal } from "../../lib/format";
import { showServerIssues } from "../../lib/formErrors";

type Values = z.output<typeof agencyStoreInput>;
const LIST = "/agency";
const FIELDS = [
  "store_username",
  "store_name",
  "owner",
  "store_email",
  "owner_contact",
  "expired_at",
] as const;
const EMPTY: AgencyStoreInput = {
  store_username: "",
  store_name: "",
  owner: "",
  store_email: "",
  owner_contact: "",
  expired_at: "",
  store_status: 0,
};

/** /addAgency and /editAgency?sid=: every field required; expiry sent as "yyyy-MM-dd HH:mm:ss". */
export default function AgencyForm() {
  const { id, invalid, isEdit } = useRecordId("sid");
  const record = agencyStores.useOne(id);
  const create = agencyStores.useCreate();
  const update = agencyStores.useUpdate();
  const navigate = useNavigate();
  const form = useForm<AgencyStoreInput, unknown, Values>({
    resolver: zodResolver(agencyStoreInput),
    defaultValues: EMPTY,
  });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (!record.data) return;
    const { store_id, created_at, updated_at, deleted_at, ...values } = record.data;
    reset(values);
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="agency store" backTo={LIST} backLabel="Back to Agency Store" />;
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

  return (
    <>
      <PageHeader title={isEdit ? "Edit Agency Store" : "Add Agency Store"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field
          label="Store Username"
          htmlFor="store_username"
          error={errors.store_username?.message}
        >
          <Form.Control
            id="store_username"
            isInvalid={!!errors.store_username}
            {...register("store_username")}
          />
        </Field>
        <Field label="Store Name" htmlFor="store_name" error={errors.store_name?.message}>
          <Form.Control
            id="store_name"
            isInvalid={!!errors.store_name}
            {...register("store_name")}
          />
        </Field>
        <Field label="Owner Name" htmlFor="owner" error={errors.owner?.message}>
          <Form.Control id="owner" isInvalid={!!errors.owner} {...register("owner")} />
        </Field>
        <Field label="Store E-mail" htmlFor="store_email" error={errors.store_email?.message}>
          <Form.Control
            id="store_email"
            type="email"
            isInvalid={!!errors.store_email}
            {...register("store_email")}
          />
        </Field>
        <Field label="Store Contact" htmlFor="owner_contact" error={errors.owner_contact?.message}>
          <Form.Control
            id="owner_contact"
            type="tel"
            isInvalid={!!errors.owner_contact}
            {...register("owner_contact")}
          />
        </Field>
        <Field label="Expiry Date" htmlFor="expired_at" error={errors.expired_at?.message}>
          <Controller
            control={control}
            name="expired_at"
            render={({ field }) => (
              <Form.Control
                id="expired_at"
                type="datetime-local"
                isInvalid={!!errors.expired_at}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={toDateTimeLocal(field.value)}
                onChange={(e) => field.onChange(fromDateTimeLocal(e.target.value))}
              />
            )}
          />
        </Field>
        <StatusSwitch control={control} name="store_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
