import { type AgencyStoreInput, agencyStoreInput } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { agencyStores } from "../../api/agency";
import { withoutVersion } from "../../api/client";
import {
  DateInput,
  Field,
  FormActions,
  FormSkeleton,
  HistoryPanel,
  MissingRecord,
  PageHeader,
  RecordForm,
  StatusSwitch,
  useEditRecord,
  useRecordForm,
} from "../../components";
import { fromDateTimeLocal, toDateTimeLocal } from "../../lib/format";

const LIST = "/agency";
const EMPTY: AgencyStoreInput = {
  store_username: "",
  store_name: "",
  owner: "",
  store_email: "",
  owner_contact: "",
  expired_at: "",
  store_status: 0,
};

/** /addAgency and /editAgency?sid=: every field required; expiry sent as "yyyy-MM-dd HH:mm:ss". */
export default function AgencyForm() {
  const { id, isEdit, missing, loading, record, version, reload } = useEditRecord(
    "sid",
    agencyStores.useOne,
  );
  const create = agencyStores.useCreate();
  const update = agencyStores.useUpdate();
  const loaded = useMemo(() => {
    if (!record) return undefined;
    const { store_id, created_at, updated_at, deleted_at, ...values } = record;
    return withoutVersion(values);
  }, [record]);
  const form = useRecordForm({
    schema: agencyStoreInput,
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
    return <MissingRecord what="agency store" backTo={LIST} backLabel="Back to Agency Store" />;
  }
  if (loading) return <FormSkeleton />;

  return (
    <>
      <PageHeader title={isEdit ? "Edit Agency Store" : "Add Agency Store"} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
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
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && <HistoryPanel entity="Agency store" entityId={id} />}
    </>
  );
}
