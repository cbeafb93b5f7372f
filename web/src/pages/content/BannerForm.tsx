import { type BannerInput, bannerInput } from "@store/contract";
import { useMemo } from "react";
import { Controller } from "react-hook-form";
import { banners } from "../../api/content";
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

const LIST = "/banner";
const EMPTY: BannerInput = { title: "", subtitle: "", banner_image: "", banner_status: 0 };

/** /addBanner and /editBanner?bnid=: title (required), image, subtitle, status. */
export default function BannerForm() {
  const { id, isEdit, missing, loading, record, version, reload } = useEditRecord(
    "bnid",
    banners.useOne,
  );
  const create = banners.useCreate();
  const update = banners.useUpdate();
  const loaded = useMemo(
    () =>
      record && {
        title: record.title,
        subtitle: record.subtitle,
        banner_image: record.banner_image,
        banner_status: record.banner_status,
      },
    [record],
  );
  const form = useRecordForm({
    schema: bannerInput,
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

  if (missing) return <MissingRecord what="banner" backTo={LIST} backLabel="Back to Banner" />;
  if (loading) return <FormSkeleton />;

  return (
    <>
      <PageHeader title={isEdit ? "Edit Banner" : "Add Banner"} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
        <Field name="title" label="Title" />
        <Field
          name="banner_image"
          label="Banner Image"
          hint="jpg, jpeg, png or gif, up to 5 MB."
          render={({ id: inputId }) => (
            <Controller
              control={form.form.control}
              name="banner_image"
              render={({ field }) => (
                <ImagePicker
                  id={inputId}
                  label="Banner Image"
                  kind="banner"
                  value={field.value ? [field.value] : []}
                  onChange={(names) => field.onChange(names[0] ?? "")}
                />
              )}
            />
          )}
        />
        <Field name="subtitle" label="Subtitle" />
        <StatusSwitch control={form.form.control} name="banner_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && <HistoryPanel entity="Banner" entityId={id} />}
    </>
  );
}
