import { type BannerInput, bannerInput } from "@store/contract";
import { banners } from "../../api/content";
import { Field, ImageField, ResourceForm, StatusSwitch, useResourceForm } from "../../components";
import type { ScreenProps } from "../../resources/define";

const EMPTY: BannerInput = { title: "", subtitle: "", banner_image: "", banner_status: 0 };

/** /addBanner and /editBanner?bnid=: title (required), image, subtitle, status. */
export default function BannerForm({ resource }: ScreenProps) {
  const form = useResourceForm({
    resource,
    calls: banners,
    schema: bannerInput,
    defaults: EMPTY,
  });
  return (
    <ResourceForm form={form}>
      <Field name="title" label="Title" />
      <ImageField
        name="banner_image"
        label="Banner Image"
        hint="jpg, jpeg, png or gif, up to 5 MB."
        kind="banner"
      />
      <Field name="subtitle" label="Subtitle" />
      <StatusSwitch control={form.form.control} name="banner_status" className="mb-3" />
    </ResourceForm>
  );
}
