import { type BrandInput, brandInput } from "@store/contract";
import { brands } from "../../api/catalog";
import { Field, ImageField, ResourceForm, StatusSwitch, useResourceForm } from "../../components";
import type { ScreenProps } from "../../resources/define";

const EMPTY: BrandInput = { brand_name: "", brand_image: "", brand_status: 0 };

/** /addBrands and /editBrands?bid=: name (required), image (jpg/jpeg/png), status. */
export default function BrandForm({ resource }: ScreenProps) {
  const form = useResourceForm({
    resource,
    calls: brands,
    schema: brandInput,
    defaults: EMPTY,
  });
  return (
    <ResourceForm form={form}>
      <Field name="brand_name" label="Brand Name" />
      <ImageField
        name="brand_image"
        label="Brand Image"
        hint="jpg, jpeg or png, up to 5 MB."
        kind="brand"
      />
      <StatusSwitch control={form.form.control} name="brand_status" className="mb-3" />
    </ResourceForm>
  );
}
