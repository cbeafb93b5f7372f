import { zodResolver } from "@hookform/resolvers/zod";
import { type BrandInput, brandInput } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { brands } from "../../api/catalog";
import { ApiError } from "../../api/client";
import {
  Field,
  FormActions,
  FormSkeleton,
  ImagePicker,
  MissingRecord,
  PageHeader,
  StatusSwitch,
  useRecordId,
  useUnsavedChangesWarning,
} from "../../components";
import { showServerIssues } from "../../lib/formErrors";

type Values = z.output<typeof brandInput>;
const LIST = "/brands";
const EMPTY: BrandInput = { brand_name: "", brand_image: "", brand_status: 0 };

/** /addBrands and /editBrands?bid=: name (required), image (jpg/jpeg/png), status. */
export default function BrandForm() {
  const { id, invalid, isEdit } = useRecordId("bid");
  const record = brands.useOne(id);
  const create = brands.useCreate();
  const update = brands.useUpdate();
  const navigate = useNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    BrandInput,
    unknown,
    Values
  >({ resolver: zodResolver(brandInput), defaultValues: EMPTY });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (!record.data) return;
    const { brand_name, brand_image, brand_status } = record.data;
    reset({ brand_name, brand_image, brand_status });
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="brand" backTo={LIST} backLabel="Back to Brands" />;
  }
  if (isEdit && !record.data) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (id !== null) await update.mutateAsync({ id, input: values });
      else await create.mutateAsync(values);
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, ["brand_name", "brand_image"]);
    }
  });

  return (
    <>
      <PageHeader title={isEdit ? "Edit Brand" : "Add Brand"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field label="Brand Name" htmlFor="brand_name" error={errors.brand_name?.message}>
          <Form.Control
            id="brand_name"
            isInvalid={!!errors.brand_name}
            {...register("brand_name")}
          />
        </Field>
        <Field
          label="Brand Image"
          htmlFor="brand_image"
          hint="jpg, jpeg or png, up to 5 MB."
          error={errors.brand_image?.message}
        >
          <Controller
            control={control}
            name="brand_image"
            render={({ field }) => (
              <ImagePicker
                id="brand_image"
                label="Brand Image"
                kind="brand"
                value={field.value ? [field.value] : []}
                onChange={(names) => field.onChange(names[0] ?? "")}
              />
            )}
          />
        </Field>
        <StatusSwitch control={control} name="brand_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
