import { zodResolver } from "@hookform/resolvers/zod";
import { type BannerInput, bannerInput } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../api/client";
import { banners } from "../../api/content";
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

type Values = z.output<typeof bannerInput>;
const LIST = "/banner";
const EMPTY: BannerInput = { title: "", subtitle: "", banner_image: "", banner_status: 0 };

/** /addBanner and /editBanner?bnid=: title (required), image, subtitle, status. */
export default function BannerForm() {
  const { id, invalid, isEdit } = useRecordId("bnid");
  const record = banners.useOne(id);
  const create = banners.useCreate();
  const update = banners.useUpdate();
  const navigate = useNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    BannerInput,
    unknown,
    Values
  >({ resolver: zodResolver(bannerInput), defaultValues: EMPTY });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (!record.data) return;
    const { title, subtitle, banner_image, banner_status } = record.data;
    reset({ title, subtitle, banner_image, banner_status });
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="banner" backTo={LIST} backLabel="Back to Banner" />;
  }
  if (isEdit && !record.data) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (id !== null) await update.mutateAsync({ id, input: values });
      else await create.mutateAsync(values);
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, ["title", "subtitle", "banner_image"]);
    }
  });

  return (
    <>
      <PageHeader title={isEdit ? "Edit Banner" : "Add Banner"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field label="Title" htmlFor="title" error={errors.title?.message}>
          <Form.Control id="title" isInvalid={!!errors.title} {...register("title")} />
        </Field>
        <Field
          label="Banner Image"
          htmlFor="banner_image"
          hint="jpg, jpeg, png or gif, up to 5 MB."
          error={errors.banner_image?.message}
        >
          <Controller
            control={control}
            name="banner_image"
            render={({ field }) => (
              <ImagePicker
                id="banner_image"
                label="Banner Image"
                kind="banner"
                value={field.value ? [field.value] : []}
                onChange={(names) => field.onChange(names[0] ?? "")}
              />
            )}
          />
        </Field>
        <Field label="Subtitle" htmlFor="subtitle" error={errors.subtitle?.message}>
          <Form.Control id="subtitle" isInvalid={!!errors.subtitle} {...register("subtitle")} />
        </Field>
        <StatusSwitch control={control} name="banner_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
