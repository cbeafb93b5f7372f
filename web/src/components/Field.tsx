import type { ReactNode } from "react";
import { Form } from "react-bootstrap";
import {
  type FieldValues,
  type FieldError as FormFieldError,
  get,
  type UseFormRegisterReturn,
  useFormContext,
  useFormState,
} from "react-hook-form";
import { type FieldErrorLike, fieldErrorText } from "../i18n/errors";
import { useTranslation } from "../i18n/index";
import { translate } from "../i18n/messages";
import { useRegisterFieldLabel } from "./ConflictPanel";

/**
 * A field's error: as the form holds it (its code and params kept, shown in
 * the chosen language: i18n/errors.ts), or a text already in it.
 */
export type ShownError = FieldErrorLike | string | undefined;

/** What an input needs to be tied to its label, hint and error. */
export interface InputAria {
  id: string;
  isInvalid: boolean;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** A bound input: the aria wiring and react-hook-form's register() of the field's name. */
export type BoundInput = InputAria & UseFormRegisterReturn;

/** The id an input of a field name gets: "variants.0.variant_name" → "variants-0-variant_name". */
export const fieldId = (name: string) => name.replaceAll(".", "-");

/** The aria wiring of an input whose hint and error sit under it (ids `${id}-hint`, `${id}-error`). */
export function inputAria(id: string, error: ShownError, hasHint: boolean): InputAria {
  const describedBy = [hasHint ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return {
    id,
    isInvalid: !!error,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

type Common = {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
};

/** Bound by name to the form around it (RecordForm / FormProvider): error read from the form. */
type BoundProps = Common & {
  name: string;
  id?: string;
  /** Default: a text input. A function gets the bound input's props to spread. */
  children?: ReactNode | ((input: BoundInput) => ReactNode);
  /** For a controlled input (Controller): gets only the aria wiring, the field is not register()ed. */
  render?: (aria: InputAria) => ReactNode;
  htmlFor?: never;
  error?: never;
};

/** Unbound: the caller gives the id and the error. */
type LooseProps = Common & {
  htmlFor: string;
  render?: never;
  error?: ShownError;
  children: ReactNode | ((aria: InputAria) => ReactNode);
  name?: never;
  id?: never;
};

/**
 * A labelled form field with its hint and its validation message under it,
 * the input tied to both (aria-describedby) and marked aria-invalid. The
 * message is no alert of its own: RecordForm announces a failed save once and
 * focus goes to the first field in error, which reads its message.
 */
export function Field(props: BoundProps | LooseProps) {
  if (props.name !== undefined) return <BoundField {...props} />;
  const { htmlFor, error, children } = props;
  const aria = inputAria(htmlFor, error, !!props.hint);
  return (
    <FieldFrame {...props} id={htmlFor} error={error}>
      {typeof children === "function" ? children(aria) : children}
    </FieldFrame>
  );
}

function BoundField(props: BoundProps) {
  const { name, children } = props;
  const id = props.id ?? fieldId(name);
  const { register, control } = useFormContext<FieldValues>();
  useRegisterFieldLabel(name, props.label);
  const { errors } = useFormState({ control, name });
  const found = get(errors, name) as FormFieldError | undefined;
  const error = found?.message ? found : undefined;
  const aria = inputAria(id, error, !!props.hint);
  if (props.render) {
    return (
      <FieldFrame {...props} id={id} error={error}>
        {props.render(aria)}
      </FieldFrame>
    );
  }
  const input: BoundInput = { ...aria, ...register(name) };
  const body =
    typeof children === "function" ? (
      children(input)
    ) : children === undefined ? (
      <Form.Control {...input} />
    ) : (
      children
    );
  return (
    <FieldFrame {...props} id={id} error={error}>
      {body}
    </FieldFrame>
  );
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  className = "mb-3",
  children,
}: Common & { id: string; error: ShownError; children: ReactNode }) {
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id}>{typeof label === "string" ? translate(label) : label}</Form.Label>
      {children}
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block text-muted">
          {typeof hint === "string" ? translate(hint) : hint}
        </Form.Text>
      )}
      <FieldError id={id} error={error} />
    </Form.Group>
  );
}

/** A field's message, under it; its id is what the input's aria-describedby names. */
export function FieldError({ id, error }: { id: string; error: ShownError }) {
  // Drawn again in a newly chosen language: the error is kept by code, not as text.
  useTranslation();
  const text = fieldErrorText(error);
  if (!text) return null;
  return (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {text}
    </div>
  );
}
