import { zodResolver } from "@hookform/resolvers/zod";
import {
  type Settings,
  type SettingsInput,
  STORE_CONTACT_MAX,
  settingsInput,
  THEMES,
} from "@store/contract";
import { useEffect, useState } from "react";
import { Form } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { useSaveSettings } from "../../api/settings";
import { Field, ImagePicker, useUnsavedChangesWarning } from "../../components";
import { showServerIssues } from "../../lib/formErrors";
import { SaveButton, useSavedIndicator } from "./SaveButton";

type Values = z.output<typeof settingsInput>;
const FIELDS = [
  "theme_color",
  "store_name",
  "store_logo",
  "store_address",
  "store_contact",
  "copyright_text",
  "footer_text",
] as const;

function toForm(s: Settings): SettingsInput {
  const { setting_id, updated_at, ...values } = s;
  return values;
}

/** Theme, store information and logo. The layout shows a saved logo, name and copyright at once. */
export function GeneralTab({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  const [saved, markSaved] = useSavedIndicator();
  const [logoError, setLogoError] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    SettingsInput,
    unknown,
    Values
  >({ resolver: zodResolver(settingsInput), defaultValues: toForm(settings) });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, "/settings");

  useEffect(() => reset(toForm(settings)), [settings, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const stored = await save.mutateAsync(values);
      reset(toForm(stored));
      markSaved();
    } catch (error) {
      showServerIssues(error, setError, FIELDS);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 720 }}>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Theme</legend>
        <Controller
          control={control}
          name="theme_color"
          render={({ field }) => (
            <div className="d-flex gap-4">
              {THEMES.map((theme) => (
                <Form.Check
                  key={theme}
                  type="radio"
                  id={`theme_${theme}`}
                  name="theme_color"
                  label={`Theme ${theme}`}
                  checked={Number(field.value) === theme}
                  onChange={() => field.onChange(theme)}
                />
              ))}
            </div>
          )}
        />
        {errors.theme_color && (
          <div className="invalid-feedback d-block">{errors.theme_color.message}</div>
        )}
      </fieldset>
      <Field label="Store Name" htmlFor="store_name" error={errors.store_name?.message}>
        <Form.Control id="store_name" isInvalid={!!errors.store_name} {...register("store_name")} />
      </Field>
      <Field
        label="Store Logo"
        htmlFor="store_logo"
        hint="Recommended size 250 x 150. One jpg, jpeg, png or gif file, up to 500,000 bytes."
        error={logoError ?? errors.store_logo?.message}
      >
        <Controller
          control={control}
          name="store_logo"
          render={({ field }) => (
            <ImagePicker
              id="store_logo"
              label="Store Logo"
              kind="logo"
              value={field.value ? [field.value] : []}
              onReject={setLogoError}
              onChange={(names) => {
                setLogoError(null);
                field.onChange(names[0] ?? "");
              }}
            />
          )}
        />
      </Field>
      <Field label="Store Address" htmlFor="store_address" error={errors.store_address?.message}>
        <Form.Control
          id="store_address"
          as="textarea"
          rows={3}
          isInvalid={!!errors.store_address}
          {...register("store_address")}
        />
      </Field>
      <Field
        label="Store Contact"
        htmlFor="store_contact"
        hint={`At most ${STORE_CONTACT_MAX} characters.`}
        error={errors.store_contact?.message}
      >
        <Form.Control
          id="store_contact"
          type="tel"
          maxLength={STORE_CONTACT_MAX}
          isInvalid={!!errors.store_contact}
          {...register("store_contact")}
        />
      </Field>
      <Field label="Copyright Text" htmlFor="copyright_text" error={errors.copyright_text?.message}>
        <Form.Control
          id="copyright_text"
          isInvalid={!!errors.copyright_text}
          {...register("copyright_text")}
        />
      </Field>
      <Field label="Footer Text" htmlFor="footer_text" error={errors.footer_text?.message}>
        <Form.Control
          id="footer_text"
          as="textarea"
          rows={2}
          isInvalid={!!errors.footer_text}
          {...register("footer_text")}
        />
      </Field>
      <SaveButton saved={saved} busy={isSubmitting} />
    </Form>
  );
}
