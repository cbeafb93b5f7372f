import { Controller, type FieldValues, type Path, useFormContext } from "react-hook-form";
import { Field } from "./Field";
import { type ImageKind, ImagePicker } from "./ImagePicker";

/**
 * A form field holding one uploaded image's file name ("" for none): its label,
 * hint and message (Field) around the ImagePicker, bound to the form by name.
 */
export function ImageField<T extends FieldValues>({
  name,
  label,
  hint,
  kind,
}: {
  name: Path<T>;
  label: string;
  hint?: string;
  kind: ImageKind;
}) {
  const { control } = useFormContext<T>();
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      render={({ id }) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <ImagePicker
              id={id}
              label={label}
              kind={kind}
              value={field.value ? [field.value] : []}
              onChange={(names) => field.onChange(names[0] ?? "")}
            />
          )}
        />
      )}
    />
  );
}
