import { zodResolver } from "@hookform/resolvers/zod";
import { type TestimonialInput, testimonialInput } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../api/client";
import { testimonials, useCustomerUsernames } from "../../api/content";
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

type Values = z.output<typeof testimonialInput>;
const LIST = "/testimonial";
const EMPTY: TestimonialInput = {
  username: "",
  testimonial_title: "",
  testimonial_content: "",
  testimonial_status: 0,
};

/** /addTestimonial and /editTestimonial?tid=: the customer is chosen from the users. */
export default function TestimonialForm() {
  const { id, invalid, isEdit } = useRecordId("tid");
  const record = testimonials.useOne(id);
  const usernames = useCustomerUsernames();
  const create = testimonials.useCreate();
  const update = testimonials.useUpdate();
  const navigate = useNavigate();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    TestimonialInput,
    unknown,
    Values
  >({ resolver: zodResolver(testimonialInput), defaultValues: EMPTY });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (!record.data) return;
    const { username, testimonial_title, testimonial_content, testimonial_status } = record.data;
    reset({ username, testimonial_title, testimonial_content, testimonial_status });
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="testimonial" backTo={LIST} backLabel="Back to Testimonial" />;
  }
  if (isEdit && !record.data) return <FormSkeleton />;

  // A testimonial whose user has since gone keeps its username as an option.
  const options = [...(usernames.data ?? [])];
  const current = record.data?.username;
  if (current && !options.includes(current)) options.unshift(current);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (id !== null) await update.mutateAsync({ id, input: values });
      else await create.mutateAsync(values);
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, ["username", "testimonial_title", "testimonial_content"]);
    }
  });

  return (
    <>
      <PageHeader title={isEdit ? "Edit Testimonial" : "Add Testimonial"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field label="Customer Username" htmlFor="username" error={errors.username?.message}>
          <Form.Select id="username" isInvalid={!!errors.username} {...register("username")}>
            <option value="" disabled>
              {usernames.isLoading ? "Loading users…" : "Select a customer"}
            </option>
            {options.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Field>
        <Field
          label="Testimonial Title"
          htmlFor="testimonial_title"
          error={errors.testimonial_title?.message}
        >
          <Form.Control
            id="testimonial_title"
            isInvalid={!!errors.testimonial_title}
            {...register("testimonial_title")}
          />
        </Field>
        <Field
          label="Content"
          htmlFor="testimonial_content"
          error={errors.testimonial_content?.message}
        >
          <Form.Control
            id="testimonial_content"
            as="textarea"
            rows={5}
            isInvalid={!!errors.testimonial_content}
            {...register("testimonial_content")}
          />
        </Field>
        <StatusSwitch control={control} name="testimonial_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
