import { type AgencyStore, type AgencyStoreInput, agencyStoreInput } from "@store/contract";
import { Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { agencyStores } from "../../api/agency";
import { withoutVersion } from "../../api/client";
import { DateInput, Field, ResourceForm, StatusSwitch, useResourceForm } from "../../components";
import { fromDateTimeLocal, toDateTimeLocal } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const EMPTY: AgencyStoreInput = {
  store_username: "",
  store_name: "",
  owner: "",
  store_email: "",
  owner_contact: "",
  expired_at: "",
  store_status: 0,
};

const toValues = (store: AgencyStore): AgencyStoreInput => {
  const { store_id, created_at, updated_at, deleted_at, ...values } = store;
  return withoutVersion(values);
};

/** /addAgency and /editAgency?sid=: every field required; expiry sent as "yyyy-MM-dd HH:mm:ss". */
export default function AgencyForm({ resource }: ScreenProps) {
  const form = useResourceForm({
    resource,
    calls: agencyStores,
    schema: agencyStoreInput,
    defaults: EMPTY,
    toValues,
  });
  return (
    <ResourceForm form={form}>
      <Field name="store_username" label="Store Username" />
      <Field name="store_name" label="Store Name" />
      <Field name="owner" label="Owner Name" />
      <Field name="store_email" label="Store E-mail">
        {(input) => <Form.Control type="email" {...input} />}
      </Field>
      <Field name="owner_contact" label="Store Contact">
        {(input) => <Form.Control type="tel" {...input} />}
      </Field>
      <Field
        name="expired_at"
        label="Expiry Date"
        render={(aria) => (
          <Controller
            control={form.form.control}
            name="expired_at"
            render={({ field }) => (
              <DateInput
                {...aria}
                time
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={toDateTimeLocal(field.value)}
                onChange={(local) => field.onChange(fromDateTimeLocal(local))}
              />
            )}
          />
        )}
      />
      <StatusSwitch control={form.form.control} name="store_status" className="mb-3" />
    </ResourceForm>
  );
}
