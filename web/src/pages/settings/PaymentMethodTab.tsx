import { zodResolver } from "@hookform/resolvers/zod";
import { type PaymentMethod, type PaymentMethodInput, paymentMethodInput } from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { usePaymentMethod, useSavePaymentMethod } from "../../api/settings";
import { Field, StatusSwitch, TableSkeleton } from "../../components";
import { showServerIssues } from "../../lib/formErrors";
import { SaveButton, SecretInput, useSavedIndicator } from "./SaveButton";

type Values = z.output<typeof paymentMethodInput>;

function toForm(p: PaymentMethod): PaymentMethodInput {
  return {
    secret_key: p.secret_key,
    publish_key: p.publish_key,
    gateway_uri: p.gateway_uri,
    method_status: p.method_status,
  };
}

/** The payment gateway (method 1): toggle, secret, publish key, gateway URI. */
export function PaymentMethodTab() {
  const { data } = usePaymentMethod();
  if (!data) return <TableSkeleton rows={5} />;
  return <PaymentForm method={data} />;
}

function PaymentForm({ method }: { method: PaymentMethod }) {
  const save = useSavePaymentMethod(method.method_id);
  const [saved, markSaved] = useSavedIndicator();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    PaymentMethodInput,
    unknown,
    Values
  >({ resolver: zodResolver(paymentMethodInput), defaultValues: toForm(method) });
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(toForm(method)), [method, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      markSaved();
    } catch (error) {
      showServerIssues(error, setError, ["secret_key", "publish_key", "gateway_uri"]);
    }
  });

  return (
    <Form noValidate onSubmit={onSubmit} style={{ maxWidth: 720 }}>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h2 className="h6 mb-0">{method.payment_method}</h2>
        <StatusSwitch control={control} name="method_status" label="Enable payment method" />
      </div>
      {(["secret_key", "publish_key"] as const).map((name) => {
        const label = name === "secret_key" ? "Secret Key" : "Publish Key";
        return (
          <Field key={name} label={label} htmlFor={name} error={errors[name]?.message}>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <SecretInput
                  id={name}
                  label={label}
                  value={field.value ?? ""}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  invalid={!!errors[name]}
                />
              )}
            />
          </Field>
        );
      })}
      <Field
        label="Gateway URI"
        htmlFor="gateway_uri"
        hint="The gateway's checkout address, starting with https://"
        error={errors.gateway_uri?.message}
      >
        <Form.Control
          id="gateway_uri"
          type="url"
          isInvalid={!!errors.gateway_uri}
          {...register("gateway_uri")}
        />
      </Field>
      <SaveButton saved={saved} busy={isSubmitting} />
    </Form>
  );
}
