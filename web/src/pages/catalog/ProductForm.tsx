import {
  MAX_VARIANTS_PER_PRODUCT,
  type Product,
  type ProductInput,
  productInput,
  type TaxCategory,
  type Variant,
  type VariantDraft,
} from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Button, Card, Col, Form, InputGroup, Row } from "react-bootstrap";
import { Controller, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import {
  categories,
  products,
  taxCategories,
  useProductVariants,
  useSaveProduct,
} from "../../api/catalog";
import { api } from "../../api/client";
import {
  ConfirmDialog,
  Field,
  FieldError,
  FormActions,
  FormSkeleton,
  HistoryPanel,
  ImagePicker,
  inputAria,
  MissingRecord,
  NumberInput,
  PageHeader,
  RecordForm,
  type ShownError,
  StatusSwitch,
  useEditRecord,
  useRecordForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import { useCan } from "../../lib/permissions";
import type { ScreenProps } from "../../resources/define";
import { VariantCard } from "./VariantCard";

type Values = z.output<typeof productInput>;

const EMPTY: ProductInput = {
  product_name: "",
  product_description: "",
  product_images: "",
  normal_price: "",
  discount_price: "",
  cost_price: "",
  sku: "",
  stock_qtt: "",
  width: "",
  height: "",
  weight: "",
  category_id: "",
  tax_category_id: "",
  product_status: 0,
  tags: "",
  variants: [],
};

const NEW_VARIANT: VariantDraft = {
  variant_name: "",
  variant_image: "",
  variant_price: "",
  variant_dis_price: "",
  variant_qtt: 0,
  variant_sku: "",
  variant_status: 0,
};

/** A discount price below 1 displays blank (docs/REQUIREMENTS.md section 5). */
const discountShown = (value: string | null | undefined) =>
  value === null || value === undefined || Number(value) < 1 ? "" : value;

function toForm(p: Product, variants: Variant[]): ProductInput {
  return {
    product_name: p.product_name,
    product_description: p.product_description,
    product_images: p.product_images,
    normal_price: p.normal_price,
    discount_price: discountShown(p.discount_price),
    cost_price: p.cost_price,
    sku: p.sku,
    stock_qtt: p.stock_qtt,
    width: p.width,
    height: p.height,
    weight: p.weight,
    category_id: p.category_id,
    tax_category_id: p.tax_category_id ?? "",
    product_status: p.product_status,
    tags: p.tags,
    variants: variants.map((v) => ({
      variant_id: v.variant_id,
      variant_name: v.variant_name,
      variant_image: v.variant_image,
      variant_price: v.variant_price,
      variant_dis_price: v.variant_dis_price ?? "",
      variant_qtt: v.variant_qtt,
      variant_sku: v.variant_sku,
      variant_status: v.variant_status,
    })),
  };
}

/**
 * One card of the form. A card holding a single field has its header as that
 * field's label (`labelFor`) and its message at its foot (id `${labelFor}-error`,
 * which the input's aria-describedby names); the others are regions named by their header.
 */
function Section({
  title,
  labelFor,
  error,
  children,
}: {
  title: string;
  labelFor?: string;
  error?: ShownError;
  children: ReactNode;
}) {
  return (
    <Card as="section" className="mb-3" aria-label={labelFor ? undefined : title}>
      <Card.Header className="py-2">
        {labelFor ? (
          <label htmlFor={labelFor} className="h6 mb-0">
            {title}
          </label>
        ) : (
          <h2 className="h6 mb-0">{title}</h2>
        )}
      </Card.Header>
      <Card.Body>
        {children}
        {labelFor && <FieldError id={labelFor} error={error} />}
      </Card.Body>
    </Card>
  );
}

/**
 * The tax categories the form offers (docs/decisions/sst-on-lines.md). They are
 * settings: without settings:view only the product's own is offered (from its
 * record), so saving keeps it and nothing is asked that would be refused.
 */
function useTaxCategoryChoices(
  record: Product | undefined,
): { id: number; name: string; active: boolean }[] {
  const mayRead = useCan("settings:view");
  const all = useQuery({
    queryKey: taxCategories.keys.list({ all: 1 }),
    queryFn: () => api.get<TaxCategory[]>(taxCategories.list),
    enabled: mayRead,
  });
  if (mayRead) {
    return (all.data ?? []).map((c) => ({
      id: c.tax_category_id,
      name: c.tax_category_name,
      active: c.tax_category_status === 1,
    }));
  }
  return record?.tax_category_id
    ? [{ id: record.tax_category_id, name: record.tax_category_name ?? "", active: true }]
    : [];
}

/** /addProduct and /editProduct?pid=: the product with its variants, saved in one call. */
export default function ProductForm({ resource }: ScreenProps) {
  const LIST = resource.list.path;
  const { id, isEdit, missing, record, version, reload } = useEditRecord(
    resource.idParam ?? "pid",
    products.useOne,
  );
  const savedVariants = useProductVariants(id);
  const categoryList = categories.useAll();
  const taxChoices = useTaxCategoryChoices(record);
  const save = useSaveProduct();
  const [showVariation, setShowVariation] = useState(false);
  const [confirmingVariant, setConfirmingVariant] = useState<number | null>(null);
  const loaded = useMemo(
    () => (record && savedVariants.data ? toForm(record, savedVariants.data) : undefined),
    [record, savedVariants.data],
  );
  const recordForm = useRecordForm<ProductInput, Values>({
    schema: productInput,
    defaults: EMPTY,
    loaded,
    listRoute: LIST,
    version,
    // The latest product is the product and its variants, read again together.
    reload: () => Promise.all([reload(), savedVariants.refetch()]),
    save: (values, shown) => save.mutateAsync({ id, input: values, version: shown.version }),
  });
  const form = recordForm.form;
  const { register, control, setValue, getValues, formState } = form;
  const { errors } = formState;
  const variants = useFieldArray({ control, name: "variants" });

  useEffect(() => {
    if (savedVariants.data) setShowVariation(savedVariants.data.length > 0);
  }, [savedVariants.data]);

  if (missing) {
    return (
      <MissingRecord what="product" backTo={LIST} backLabel={`Back to ${resource.list.title}`} />
    );
  }
  if (isEdit && (!record || !savedVariants.data)) return <FormSkeleton />;

  /** The aria wiring of an input whose label and message are its card's. */
  const sectionAria = (name: keyof ProductInput) =>
    inputAria(name, errors[name] as ShownError, false);

  const full = variants.fields.length >= MAX_VARIANTS_PER_PRODUCT;
  const deleteVariant = (index: number) => {
    // A saved variant is only deleted after a confirm; a new one has nothing to lose.
    if (getValues(`variants.${index}.variant_id`) !== undefined) setConfirmingVariant(index);
    else variants.remove(index);
  };
  const confirmingName =
    confirmingVariant === null ? "" : getValues(`variants.${confirmingVariant}.variant_name`);

  return (
    <>
      <PageHeader title={(isEdit ? resource.edit : resource.add)?.title ?? ""} backTo={LIST} />
      <RecordForm form={recordForm}>
        <Row className="g-3">
          <Col lg={8}>
            <Section
              title={translate("Product Name")}
              labelFor="product_name"
              error={errors.product_name}
            >
              <Form.Control {...sectionAria("product_name")} {...register("product_name")} />
            </Section>
            <Section
              title={translate("Description")}
              labelFor="product_description"
              error={errors.product_description}
            >
              <Form.Control
                as="textarea"
                rows={4}
                {...sectionAria("product_description")}
                {...register("product_description")}
              />
            </Section>
            <Section
              title={translate("Product Images")}
              labelFor="product_images"
              error={errors.product_images}
            >
              <Form.Text className="d-block text-muted mb-2">
                {translate("jpg, jpeg, png or gif, up to 5 MB each.")}
              </Form.Text>
              <Controller
                control={control}
                name="product_images"
                render={({ field }) => (
                  <ImagePicker
                    id="product_images"
                    label="Product Images"
                    kind="product"
                    multiple
                    value={(field.value ?? "").split(",").filter((name) => name !== "")}
                    onChange={(names) => field.onChange(names.join(","))}
                  />
                )}
              />
            </Section>
            <Section title={translate("Variation")}>
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
                <Form.Check
                  type="switch"
                  id="show_variation"
                  label={translate("Show Variation ({{count}})", { count: variants.fields.length })}
                  checked={showVariation}
                  onChange={(e) => setShowVariation(e.target.checked)}
                />
                <Button
                  variant="outline-primary"
                  size="sm"
                  disabled={full}
                  onClick={() => {
                    variants.append(NEW_VARIANT);
                    setShowVariation(true);
                  }}
                >
                  {translate("Add Variant")}
                </Button>
              </div>
              {full && (
                <p className="small text-muted">
                  {translate("A product can have at most {{max}} variants.", {
                    max: MAX_VARIANTS_PER_PRODUCT,
                  })}
                </p>
              )}
              {showVariation &&
                (variants.fields.length === 0 ? (
                  <p className="text-muted mb-0">{translate("Please add a variation.")}</p>
                ) : (
                  variants.fields.map((field, index) => (
                    <VariantCard
                      key={field.id}
                      index={index}
                      variantId={
                        typeof field.variant_id === "number" ? field.variant_id : undefined
                      }
                      control={control}
                      register={register}
                      errors={errors}
                      onDelete={() => deleteVariant(index)}
                    />
                  ))
                ))}
            </Section>
          </Col>
          <Col lg={4}>
            <Section title={translate("Dimensions")}>
              {(
                [
                  ["width", "Width", "CM"],
                  ["height", "Height", "CM"],
                  ["weight", "Weight", "KG"],
                ] as const
              ).map(([name, label, unit]) => (
                <Field key={name} name={name} label={label}>
                  {(input) => (
                    <InputGroup hasValidation>
                      <NumberInput step="0.01" {...input} />
                      <InputGroup.Text>{unit}</InputGroup.Text>
                    </InputGroup>
                  )}
                </Field>
              ))}
            </Section>
            <Section title={translate("Pricing")}>
              <Field name="normal_price" label="Normal Price">
                {(input) => (
                  <InputGroup hasValidation>
                    <InputGroup.Text>RM</InputGroup.Text>
                    <NumberInput step="0.01" {...input} />
                  </InputGroup>
                )}
              </Field>
              <Field name="discount_price" label="Discount Price">
                {(input) => (
                  <InputGroup hasValidation>
                    <InputGroup.Text>RM</InputGroup.Text>
                    <NumberInput
                      step="0.01"
                      {...input}
                      // Checked on leaving the field, so typing is never interrupted.
                      onBlur={(e: React.FocusEvent<HTMLInputElement>) => {
                        void input.onBlur(e);
                        const shown = discountShown(e.target.value);
                        if (shown !== e.target.value) setValue("discount_price", shown);
                      }}
                    />
                  </InputGroup>
                )}
              </Field>
              <Field name="cost_price" label="Cost Price">
                {(input) => (
                  <InputGroup hasValidation>
                    <InputGroup.Text>RM</InputGroup.Text>
                    <NumberInput step="0.01" {...input} />
                  </InputGroup>
                )}
              </Field>
            </Section>
            <Section title={translate("Inventory")}>
              <Field name="stock_qtt" label="Stock Quantity">
                {(input) => <NumberInput step="1" {...input} />}
              </Field>
              <Field name="sku" label="SKU" />
            </Section>
            <Section
              title={translate("Category")}
              labelFor="category_id"
              error={errors.category_id}
            >
              {/* Controlled, so the chosen category shows even when the options arrive later. */}
              <Controller
                control={control}
                name="category_id"
                render={({ field }) => (
                  <Form.Select
                    {...sectionAria("category_id")}
                    name={field.name}
                    ref={field.ref}
                    value={String(field.value ?? "")}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    <option value="" disabled>
                      {translate("Select a category")}
                    </option>
                    {categoryList.data?.map((c) => (
                      <option key={c.category_id} value={c.category_id}>
                        {c.category_name}
                      </option>
                    ))}
                  </Form.Select>
                )}
              />
            </Section>
            <Section
              title={translate("Tax category")}
              labelFor="tax_category_id"
              error={errors.tax_category_id}
            >
              {/* The active categories, and the product's own even when retired since. */}
              <Controller
                control={control}
                name="tax_category_id"
                render={({ field }) => (
                  <Form.Select
                    {...sectionAria("tax_category_id")}
                    name={field.name}
                    ref={field.ref}
                    value={String(field.value ?? "")}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    <option value="">{translate("Not applicable")}</option>
                    {taxChoices
                      .filter((c) => c.active || String(c.id) === String(field.value ?? ""))
                      .map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                  </Form.Select>
                )}
              />
            </Section>
            <Section title={translate("Status")}>
              <StatusSwitch control={control} name="product_status" />
            </Section>
          </Col>
        </Row>
        <FormActions
          cancelTo={LIST}
          isEdit={isEdit}
          submitting={recordForm.isSubmitting}
          submitLabel="Save"
          className="justify-content-end mt-3"
        />
      </RecordForm>
      {id !== null && resource.entity && <HistoryPanel entity={resource.entity} entityId={id} />}
      <ConfirmDialog
        show={confirmingVariant !== null}
        title={translate("Delete Alert")}
        onCancel={() => setConfirmingVariant(null)}
        onConfirm={() => {
          if (confirmingVariant !== null) variants.remove(confirmingVariant);
          setConfirmingVariant(null);
        }}
      >
        {translate('Are you sure you want to delete "{{name}}"? It is removed when you save.', {
          name: confirmingName ?? "",
        })}
      </ConfirmDialog>
    </>
  );
}
