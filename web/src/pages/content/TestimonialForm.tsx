import { type Testimonial, type TestimonialInput, testimonialInput } from "@store/contract";
import { Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { testimonials } from "../../api/content";
import { USER_CHOICES_KEY, userPages } from "../../api/userChoices";
import {
  Field,
  ResourceForm,
  StatusSwitch,
  TypeaheadSelect,
  useResourceForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import type { ScreenProps } from "../../resources/define";

const EMPTY: TestimonialInput = {
  username: "",
  testimonial_title: "",
  testimonial_content: "",
  testimonial_status: 0,
};
/** The customer is stored by username, so the chosen value is its own label. */
const customerPages = userPages((u) => u.username);

const toValues = (t: Testimonial): TestimonialInput => ({
  username: t.username,
  testimonial_title: t.testimonial_title,
  testimonial_content: t.testimonial_content,
  testimonial_status: t.testimonial_status,
});

/** /addTestimonial and /editTestimonial?tid=: the customer is a type-ahead over the users. */
export default function TestimonialForm({ resource }: ScreenProps) {
  const form = useResourceForm({
    resource,
    calls: testimonials,
    schema: testimonialInput,
    defaults: EMPTY,
    toValues,
  });
  return (
    <ResourceForm form={form}>
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
                placeholder={translate("Select a customer")}
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
    </ResourceForm>
  );
}
