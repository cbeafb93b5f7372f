import { type TestimonialInput, testimonialInput } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { testimonials } from "../../api/content";
import { USER_CHOICES_KEY, userPages } from "../../api/userChoices";
import {
  Field,
  FormActions,
  FormSkeleton,
  HistoryPanel,
  MissingRecord,
  PageHeader,
  RecordForm,
  StatusSwitch,
  TypeaheadSelect,
  useEditRecord,
  useRecordForm,
} from "../../components";
import { tx } from "../../i18n/messages";

const LIST = "/testimonial";
const EMPTY: TestimonialInput = {
  username: "",
  testimonial_title: "",
  testimonial_content: "",
  testimonial_status: 0,
};
/** The customer is stored by username, so the chosen value is its own label. */
const customerPages = userPages((u) => u.username);

/** /addTestimonial and /editTestimonial?tid=: the customer is a type-ahead over the users. */
export default function TestimonialForm() {
  const { id, isEdit, missing, loading, record, version, reload } = useEditRecord(
    "tid",
    testimonials.useOne,
  );
  const create = testimonials.useCreate();
  const update = testimonials.useUpdate();
  const loaded = useMemo(
    () =>
      record && {
        username: record.username,
        testimonial_title: record.testimonial_title,
        testimonial_content: record.testimonial_content,
        testimonial_status: record.testimonial_status,
      },
    [record],
  );
  const form = useRecordForm({
    schema: testimonialInput,
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

  if (missing) {
    return <MissingRecord what="testimonial" backTo={LIST} backLabel="Back to Testimonial" />;
  }
  if (loading) return <FormSkeleton />;

  return (
    <>
      <PageHeader title={isEdit ? "Edit Testimonial" : "Add Testimonial"} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
        <Field
          name="username"
          label="Customer Username"
          hint="Type a username to search."
          render={({ id: inputId, isInvalid, ...aria }) => (
            <Controller
              control={form.form.control}
              name="username"
              render={({ field }) => (
                <TypeaheadSelect
                  id={inputId}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  fetchPage={customerPages}
                  queryKey={USER_CHOICES_KEY}
                  // A testimonial whose user has since gone keeps its username.
                  knownLabel={field.value || undefined}
                  placeholder={tx("Select a customer")}
                  isInvalid={isInvalid}
                  aria-invalid={aria["aria-invalid"]}
                  aria-describedby={aria["aria-describedby"]}
                />
              )}
            />
          )}
        />
        <Field name="testimonial_title" label="Testimonial Title" />
        <Field name="testimonial_content" label="Content">
          {(input) => <Form.Control as="textarea" rows={5} {...input} />}
        </Field>
        <StatusSwitch control={form.form.control} name="testimonial_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && <HistoryPanel entity="Testimonial" entityId={id} />}
    </>
  );
}
