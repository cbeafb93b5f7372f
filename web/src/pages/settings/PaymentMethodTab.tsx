import { type PaymentMethod, type PaymentMethodInput, paymentMethodInput } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import type { z } from "zod";
import { recordVersion } from "../../api/client";
import { usePaymentMethod, useSavePaymentMethod } from "../../api/settings";
import {
  Field,
  HistoryPanel,
  RecordForm,
  StatusSwitch,
  TableSkeleton,
  useRecordForm,
} from "../../components";
import { useCan } from "../../lib/permissions";
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
  const { refetch } = usePaymentMethod(method.method_id);
  const [saved, markSaved] = useSavedIndicator();
  const loaded = useMemo(() => toForm(method), [method]);
  const form = useRecordForm<PaymentMethodInput, Values>({
    schema: paymentMethodInput,
    defaults: loaded,
    loaded,
    listRoute: "/settings",
    version: recordVersion(method),
    reload: refetch,
    save: (values, shown) => save.mutateAsync({ input: values, version: shown.version }),
    onSaved: markSaved,
  });
  const { control, formState } = form.form;
  const { errors, isSubmitting } = formState;
  const maySecrets = useCan("secrets:manage");

  return (
    <>
      <RecordForm form={form} style={{ maxWidth: 720 }} permission="secrets:manage">
        <div className="d-flex justify-content-between align-items-center mb-3">
          <h2 className="h6 mb-0">{method.payment_method}</h2>
          <StatusSwitch control={control} name="method_status" label="Enable payment method" />
        </div>
        {/* The keys only for a holder of secrets:manage, who alone may save this tab. */}
        {maySecrets &&
          (["secret_key", "publish_key"] as const).map((name) => {
            const label = name === "secret_key" ? "Secret Key" : "Publish Key";
            return (
              <Field
                key={name}
                name={name}
                label={label}
                render={(aria) => (
                  <Controller
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <SecretInput
                        id={aria.id}
                        label={label}
                        value={field.value ?? ""}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        invalid={!!errors[name]}
                        describedBy={aria["aria-describedby"]}
                      />
                    )}
                  />
                )}
              />
            );
          })}
        <Field
          name="gateway_uri"
          label="Gateway URI"
          hint="The gateway's checkout address, starting with https://"
        >
          {(input) => <Form.Control type="url" {...input} />}
        </Field>
        <SaveButton saved={saved} busy={isSubmitting} />
      </RecordForm>
      <HistoryPanel entity="Payment method" entityId={method.method_id} />
    </>
  );
}
