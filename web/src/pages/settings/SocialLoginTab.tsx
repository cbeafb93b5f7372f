import { zodResolver } from "@hookform/resolvers/zod";
import { type SocialLogin, type SocialLoginInput, socialLoginInput } from "@store/contract";
import { useEffect } from "react";
import { Card, Form } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { useSaveSocialLogin, useSocialLogins } from "../../api/settings";
import { Field, StatusSwitch, TableSkeleton } from "../../components";
import { showServerIssues } from "../../lib/formErrors";
import { SaveButton, SecretInput, useSavedIndicator } from "./SaveButton";

type Values = z.output<typeof socialLoginInput>;

function toForm(s: SocialLogin): SocialLoginInput {
  return {
    id_key: s.id_key,
    secret_key: s.secret_key,
    social_uri: s.social_uri,
    social_status: s.social_status,
  };
}

/** One card per provider (Google, Facebook): toggle, ID, secret, redirect URI, Save. */
export function SocialLoginTab() {
  const { data, isLoading } = useSocialLogins();
  if (isLoading || !data) return <TableSkeleton rows={6} />;
  return (
    <div className="d-flex flex-column gap-3" style={{ maxWidth: 720 }}>
      {data.map((provider) => (
        <ProviderForm key={provider.social_id} provider={provider} />
      ))}
    </div>
  );
}

function ProviderForm({ provider }: { provider: SocialLogin }) {
  const save = useSaveSocialLogin();
  const [saved, markSaved] = useSavedIndicator();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    SocialLoginInput,
    unknown,
    Values
  >({ resolver: zodResolver(socialLoginInput), defaultValues: toForm(provider) });
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(toForm(provider)), [provider, reset]);

  const name = provider.social_login;
  const prefix = `social_${provider.social_id}`;
  const example = `${window.location.origin}/auth/${name.toLowerCase()}/callback`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: provider.social_id, input: values });
      markSaved();
    } catch (error) {
      showServerIssues(error, setError, ["id_key", "secret_key", "social_uri"]);
    }
  });

  return (
    <Card as="section" aria-label={`${name} login`}>
      <Card.Body>
        <Form noValidate onSubmit={onSubmit}>
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h2 className="h6 mb-0">{name}</h2>
            <StatusSwitch
              control={control}
              name="social_status"
              id={`${prefix}_status`}
              label={`Enable ${name} login`}
            />
          </div>
          <Field label={`${name} ID`} htmlFor={`${prefix}_id`} error={errors.id_key?.message}>
            <Form.Control
              id={`${prefix}_id`}
              autoComplete="off"
              className="font-monospace"
              isInvalid={!!errors.id_key}
              {...register("id_key")}
            />
          </Field>
          <Field
            label={`${name} Secret`}
            htmlFor={`${prefix}_secret`}
            error={errors.secret_key?.message}
          >
            <Controller
              control={control}
              name="secret_key"
              render={({ field }) => (
                <SecretInput
                  id={`${prefix}_secret`}
                  label={`${name} Secret`}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={!!errors.secret_key}
                />
              )}
            />
          </Field>
          <Field
            label="OAuth Redirect URI"
            htmlFor={`${prefix}_uri`}
            hint={`Register this exact address as the authorised redirect URI in ${name}'s developer console, e.g. ${example}`}
            error={errors.social_uri?.message}
          >
            <Form.Control
              id={`${prefix}_uri`}
              type="url"
              placeholder={example}
              isInvalid={!!errors.social_uri}
              {...register("social_uri")}
            />
          </Field>
          <SaveButton saved={saved} busy={isSubmitting} label={`Save ${name}`} />
        </Form>
      </Card.Body>
    </Card>
  );
}
