import { type BrandInput, brandInput } from "@store/contract";
import { useMemo } from "react";
import { Controller } from "react-hook-form";
import { brands } from "../../api/catalog";
import {
  Field,
  FormActions,
  FormSkeleton,
  HistoryPanel,
  ImagePicker,
  MissingRecord,
  PageHeader,
  RecordForm,
  StatusSwitch,
  useEditRecord,
  useRecordForm,
} from "../../components";

const LIST = "/brands";
const EMPTY: BrandInput = { brand_name: "", brand_image: "", brand_status: 0 };

/** /addBrands and /editBrands?bid=: name (required), image (jpg/jpeg/png), status. */
export default function BrandForm() {
  const { id, isEdit, missing, loading, record, version, reload } = useEditRecord(
    "bid",
    brands.useOne,
  );
  const create = brands.useCreate();
  const update = brands.useUpdate();
  const loaded = useMemo(
    () =>
      record && {
        brand_name: record.brand_name,
        brand_image: record.brand_image,
        brand_status: record.brand_status,
      },
    [record],
  );
  const form = useRecordForm({
    schema: brandInput,
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

  if (missing) return <MissingRecord what="brand" backTo={LIST} backLabel="Back to Brands" />;
  if (loading) return <FormSkeleton />;

  return (
    <>
      <PageHeader title={isEdit ? "Edit Brand" : "Add Brand"} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
        <Field name="brand_name" label="Brand Name" />
        <Field
          name="brand_image"
          label="Brand Image"
          hint="jpg, jpeg or png, up to 5 MB."
          render={({ id: inputId }) => (
            <Controller
              control={form.form.control}
              name="brand_image"
              render={({ field }) => (
                <ImagePicker
                  id={inputId}
                  label="Brand Image"
                  kind="brand"
                  value={field.value ? [field.value] : []}
                  onChange={(names) => field.onChange(names[0] ?? "")}
                />
              )}
            />
          )}
        />
        <StatusSwitch control={form.form.control} name="brand_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && <HistoryPanel entity="Brand" entityId={id} />}
    </>
  );
}
