import { type SocialLogin, type SocialLoginInput, socialLoginInput } from "@store/contract";
import { useMemo } from "react";
import { Card, Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { recordVersion } from "../../api/client";
import { useSaveSocialLogin, useSocialLogins } from "../../api/settings";
import {
  Field,
  HistoryPanel,
  RecordForm,
  StatusSwitch,
  TableSkeleton,
  useRecordForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import { useCan } from "../../lib/permissions";
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
  const { refetch } = useSocialLogins();
  const [saved, markSaved] = useSavedIndicator();
  const loaded = useMemo(() => toForm(provider), [provider]);
  const form = useRecordForm<SocialLoginInput, Values>({
    schema: socialLoginInput,
    defaults: loaded,
    loaded,
    listRoute: "/settings",
    version: recordVersion(provider),
    reload: refetch,
    save: (values, shown) =>
      save.mutateAsync({ id: provider.social_id, input: values, version: shown.version }),
    onSaved: markSaved,
  });
  const { control, formState } = form.form;
  const { errors, isSubmitting } = formState;
  const maySecrets = useCan("secrets:manage");

  const name = provider.social_login;
  const prefix = `social_${provider.social_id}`;
  const example = `${window.location.origin}/auth/${name.toLowerCase()}/callback`;

  return (
    <Card as="section" aria-label={translate("{{name}} login", { name })}>
      <Card.Body>
        <RecordForm form={form} permission="secrets:manage">
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h2 className="h6 mb-0">{name}</h2>
            <StatusSwitch
              control={control}
              name="social_status"
              id={`${prefix}_status`}
              label={translate("Enable {{name}} login", { name })}
            />
          </div>
          <Field name="id_key" id={`${prefix}_id`} label={translate("{{name}} ID", { name })}>
            {(input) => <Form.Control autoComplete="off" className="font-monospace" {...input} />}
          </Field>
          {/* The key only for a holder of secrets:manage, who alone may save this tab. */}
          {maySecrets && (
            <Field
              name="secret_key"
              id={`${prefix}_secret`}
              label={translate("{{name}} Secret", { name })}
              render={(aria) => (
                <Controller
                  control={control}
                  name="secret_key"
                  render={({ field }) => (
                    <SecretInput
                      id={aria.id}
                      label={translate("{{name}} Secret", { name })}
                      value={field.value ?? ""}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      invalid={!!errors.secret_key}
                      describedBy={aria["aria-describedby"]}
                    />
                  )}
                />
              )}
            />
          )}
          <Field
            name="social_uri"
            id={`${prefix}_uri`}
            label="OAuth Redirect URI"
            hint={translate(
              "Register this exact address as the authorised redirect URI in {{name}}'s developer console, e.g. {{example}}",
              { name, example },
            )}
          >
            {(input) => <Form.Control type="url" placeholder={example} {...input} />}
          </Field>
          <SaveButton
            saved={saved}
            busy={isSubmitting}
            label={translate("Save {{name}}", { name })}
          />
        </RecordForm>
        <HistoryPanel entity="Social login" entityId={provider.social_id} />
      </Card.Body>
    </Card>
  );
}
