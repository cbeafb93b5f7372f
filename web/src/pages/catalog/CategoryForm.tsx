import { zodResolver } from "@hookform/resolvers/zod";
import { type CategoryInput, categoryInput } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { categories } from "../../api/catalog";
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
import { showServerIssues } from "../../lib/formErrors";

type Values = z.output<typeof categoryInput>;
const LIST = "/categories";
const EMPTY: CategoryInput = { category_name: "", cat_status: 0 };

/** /addCategories and /editCategories?cid=: a name (required) and a status switch. */
export default function CategoryForm() {
  const { id, invalid, isEdit } = useRecordId("cid");
  const record = categories.useOne(id);
  const create = categories.useCreate();
  const update = categories.useUpdate();
  const navigate = useNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    CategoryInput,
    unknown,
    Values
  >({ resolver: zodResolver(categoryInput), defaultValues: EMPTY });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (!record.data) return;
    const { category_name, cat_status } = record.data;
    reset({ category_name, cat_status });
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="category" backTo={LIST} backLabel="Back to Categories" />;
  }
  if (isEdit && !record.data) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      // Only name and status: the server keeps products_in_cat itself.
      if (id !== null) await update.mutateAsync({ id, input: values });
      else await create.mutateAsync(values);
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, ["category_name"]);
    }
  });

  return (
    <>
      <PageHeader title={isEdit ? "Edit Category" : "Add Category"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field label="Category Name" htmlFor="category_name" error={errors.category_name?.message}>
          <Form.Control
            id="category_name"
            isInvalid={!!errors.category_name}
            {...register("category_name")}
          />
        </Field>
        <StatusSwitch control={control} name="cat_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
