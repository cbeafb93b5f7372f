import { type CategoryInput, categoryInput } from "@store/contract";
import { categories } from "../../api/catalog";
import { Field, ResourceForm, StatusSwitch, useResourceForm } from "../../components";
import type { ScreenProps } from "../../resources/define";

const EMPTY: CategoryInput = { category_name: "", cat_status: 0 };

/** /addCategories and /editCategories?cid=: a name (required) and a status switch. */
export default function CategoryForm({ resource }: ScreenProps) {
  const form = useResourceForm({
    resource,
    calls: categories,
    schema: categoryInput,
    defaults: EMPTY,
  });
  return (
    <ResourceForm form={form}>
      <Field name="category_name" label="Category Name" />
      <StatusSwitch control={form.form.control} name="cat_status" className="mb-3" />
    </ResourceForm>
  );
}
