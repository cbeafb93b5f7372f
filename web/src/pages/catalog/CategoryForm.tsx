import { type CategoryInput, categoryInput } from "@store/contract";
import { useMemo } from "react";
import { categories } from "../../api/catalog";
import {
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

const LIST = "/categories";
const EMPTY: CategoryInput = { category_name: "", cat_status: 0 };

/** /addCategories and /editCategories?cid=: a name (required) and a status switch. */
export default function CategoryForm() {
  const { id, isEdit, missing, loading, record, version, reload } = useEditRecord(
    "cid",
    categories.useOne,
  );
  const create = categories.useCreate();
  const update = categories.useUpdate();
  const loaded = useMemo(
    () => record && { category_name: record.category_name, cat_status: record.cat_status },
    [record],
  );
  const form = useRecordForm({
    schema: categoryInput,
    defaults: EMPTY,
    loaded,
    listRoute: LIST,
    // Only name and status: the server keeps products_in_cat itself.
    version,
    reload,
    save: (values, shown) =>
      id !== null
        ? update.mutateAsync({ id, input: values, version: shown.version })
        : create.mutateAsync(values),
  });

  if (missing)
    return <MissingRecord what="category" backTo={LIST} backLabel="Back to Categories" />;
  if (loading) return <FormSkeleton />;

  return (
    <>
      <PageHeader title={isEdit ? "Edit Category" : "Add Category"} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
        <Field name="category_name" label="Category Name" />
        <StatusSwitch control={form.form.control} name="cat_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={form.isSubmitting} />
      </RecordForm>
      {id !== null && <HistoryPanel entity="Category" entityId={id} />}
    </>
  );
}
