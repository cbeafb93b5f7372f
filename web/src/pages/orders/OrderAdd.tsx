import {
  belowMinimumSpend,
  MALAYSIAN_STATES,
  ORDER_COUNTRY,
  ORDER_LINES_MAX,
  type Order,
  type OrderCreate,
  type OrderCreateValues,
  orderCreate,
  orderFigures,
  type Product,
  sellingPrice,
  type User,
  type Variant,
  type Voucher,
} from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { Fragment, useCallback } from "react";
import { Button, Form } from "react-bootstrap";
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { products, useProductVariants } from "../../api/catalog";
import { api, requestPage } from "../../api/client";
import { orders } from "../../api/orders";
import { memberships, users } from "../../api/people";
import { useOrderPricing, useShippingMethods } from "../../api/settings";
import {
  Field,
  NumberInput,
  ResourceForm,
  TYPEAHEAD_PAGE_SIZE,
  type TypeaheadPage,
  TypeaheadSelect,
  useCustomResourceForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatBalance, formatMoney } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";
import { useOnlyVariantChosen, useStockShortText } from "./lineChoices";
import { usePreviewLines } from "./previewLines";

type Values = OrderCreate;

const NEW_LINE = { product_id: "", variant_id: "", quantity: 1 };

const EMPTY: Values = {
  user_id: "",
  items: [NEW_LINE],
  voucher_code: "",
  shipping_id: "",
  recipient_name: "",
  recipient_contact: "",
  address_1: "",
  address_2: "",
  postcode: "",
  state: "" as Values["state"],
  country: ORDER_COUNTRY,
};

/**
 * Active members and agents (the buyers; not the back-office accounts) by
 * username, name or phone (the users list's search), a page at a time.
 */
async function memberPages(q: string, page: number): Promise<TypeaheadPage> {
  const { rows, total } = await requestPage<User>("users", {
    q: q || undefined,
    role: ["Member", "Agent"],
    user_status: 1,
    _page: page,
    _limit: TYPEAHEAD_PAGE_SIZE,
    _sort: "username",
    _order: "asc",
  });
  const options = rows.map((u) => ({
    value: String(u.user_id),
    label: `${u.username} · ${u.f_name} ${u.l_name} · ${u.contact}`,
  }));
  return { options, total };
}

/** Active products by name or SKU (the products list's search). */
async function productPages(q: string, page: number): Promise<TypeaheadPage> {
  const { rows, total } = await requestPage<Product>("products", {
    q: q || undefined,
    product_status: 1,
    _page: page,
    _limit: TYPEAHEAD_PAGE_SIZE,
    _sort: "product_name",
    _order: "asc",
  });
  const options = rows.map((p) => ({
    value: String(p.product_id),
    label: p.sku ? `${p.product_name} (${p.sku})` : p.product_name,
  }));
  return { options, total };
}

const productLabel = async (id: string) => {
  const p = await api.get<Product>(`products/${Number(id)}`);
  return p.sku ? `${p.product_name} (${p.sku})` : p.product_name;
};

const variantPrice = (v: Variant) => sellingPrice(v.variant_price, v.variant_dis_price);

/** The unit price and stock of a line as the catalogue has them now (the preview's). */
function useLinePrice(index: number): { price?: string; stock?: number; hasVariants: boolean } {
  const { control } = useFormContext<Values>();
  const productId = Number(useWatch({ control, name: `items.${index}.product_id` })) || null;
  const variantId = Number(useWatch({ control, name: `items.${index}.variant_id` })) || null;
  const product = products.useOne(productId);
  const hasVariants = (product.data?.product_variation ?? 0) > 0;
  const variants = useProductVariants(hasVariants ? productId : null);
  if (!product.data) return { hasVariants };
  if (!hasVariants) {
    return {
      price: sellingPrice(product.data.normal_price, product.data.discount_price),
      stock: product.data.stock_qtt,
      hasVariants,
    };
  }
  const variant = variants.data?.find((v) => v.variant_id === variantId);
  return variant
    ? { price: variantPrice(variant), stock: variant.variant_qtt, hasVariants }
    : { hasVariants };
}

function OrderLine({ index, onRemove }: { index: number; onRemove?: () => void }) {
  const { control, setValue } = useFormContext<Values>();
  const productId = Number(useWatch({ control, name: `items.${index}.product_id` })) || null;
  const quantity = Number(useWatch({ control, name: `items.${index}.quantity` })) || 0;
  const { price, stock, hasVariants } = useLinePrice(index);
  const variants = useProductVariants(hasVariants ? productId : null);
  useOnlyVariantChosen(index, variants.data);
  const stockShort = useStockShortText(index, stock, quantity, variants.data);
  const line = index + 1;
  const base = `items.${index}` as const;
  return (
    <fieldset className="border rounded p-2 mb-2" aria-label={translate("Line {{line}}", { line })}>
      <div className="row g-2 align-items-start">
        <div className="col-md-5">
          <Field
            name={`${base}.product_id`}
            label={translate("Product (line {{line}})", { line })}
            render={({ id, isInvalid, ...aria }) => (
              <Controller
                control={control}
                name={`${base}.product_id`}
                render={({ field }) => (
                  <TypeaheadSelect
                    id={id}
                    name={field.name}
                    inputRef={field.ref}
                    value={String(field.value ?? "")}
                    onChange={(value) => {
                      field.onChange(value);
                      setValue(`${base}.variant_id`, "", { shouldDirty: true });
                    }}
                    onBlur={field.onBlur}
                    fetchPage={productPages}
                    queryKey={["products", "choices"]}
                    fetchLabel={productLabel}
                    placeholder="Type a name or SKU"
                    isInvalid={isInvalid}
                    aria-invalid={aria["aria-invalid"]}
                    aria-describedby={aria["aria-describedby"]}
                  />
                )}
              />
            )}
          />
        </div>
        <div className="col-md-3">
          {hasVariants && (
            <Field
              name={`${base}.variant_id`}
              label={translate("Variant (line {{line}})", { line })}
            >
              {(input) => (
                <Form.Select {...input}>
                  <option value="">{translate("Choose a variant")}</option>
                  {(variants.data ?? [])
                    .filter((v) => v.variant_status === 1)
                    .map((v) => (
                      <option key={v.variant_id} value={String(v.variant_id)}>
                        {v.variant_sku ? `${v.variant_name} (${v.variant_sku})` : v.variant_name}
                      </option>
                    ))}
                </Form.Select>
              )}
            </Field>
          )}
        </div>
        <div className="col-md-2">
          <Field
            name={`${base}.quantity`}
            label={translate("Quantity (line {{line}})", { line })}
            hint={stockShort && <span className="text-danger-emphasis">{stockShort}</span>}
          >
            {(input) => <NumberInput step="1" min={1} {...input} />}
          </Field>
        </div>
        <div className="col-md-2 pt-md-4">
          {onRemove && (
            <Button
              variant="outline-danger"
              size="sm"
              className="mt-md-2"
              onClick={onRemove}
              aria-label={translate("Remove line {{line}}", { line })}
            >
              {translate("Remove")}
            </Button>
          )}
        </div>
      </div>
      {price !== undefined && (
        <p className="small text-body-secondary mb-0" data-testid={`line-${line}-preview`}>
          {translate("{{price}} each; in stock: {{stock}}; line total {{total}}", {
            price: formatMoney(price),
            stock: stock ?? 0,
            total: formatMoney(orderFigures({ lines: [{ unit_price: price, quantity }] }).subtotal),
          })}
        </p>
      )}
    </fieldset>
  );
}

/** The coupon as the preview needs it: found by its exact code, usable now or not at all. */
function useUsableCoupon(code: string) {
  const normalised = code.replace(/\s+/g, "").toUpperCase();
  const found = useQuery({
    queryKey: ["vouchers", "byCode", normalised],
    queryFn: () => requestPage<Voucher>("vouchers", { voucher_code: normalised, _limit: 1 }),
    enabled: normalised !== "",
    staleTime: 30_000,
  });
  const voucher = found.data?.rows[0];
  const usable =
    voucher?.voucher_status === 1 && new Date(voucher.expired_at.replace(" ", "T")) > new Date();
  return { asked: normalised !== "", voucher: usable ? voucher : undefined };
}

/** The figures as the browser reckons them; the server computes its own on Save. */
function FiguresPreview() {
  const { control } = useFormContext<Values>();
  const [items, code, shippingId, userId] = useWatch({
    control,
    name: ["items", "voucher_code", "shipping_id", "user_id"],
  });
  const shipping = useShippingMethods();
  const pricing = useOrderPricing();
  const member = users.useOne(Number(userId) || null);
  const tier = memberships.useOne(member.data?.membership ?? null);
  const coupon = useUsableCoupon(String(code ?? ""));
  const { lines, incomplete } = usePreviewLines(items ?? []);
  const method = shipping.data?.find((m) => String(m.ship_id) === String(shippingId ?? ""));
  const figuresWith = (voucher: Voucher | null) =>
    orderFigures({
      lines,
      coupon: voucher,
      shipping_fee: method?.shipping_fee ?? null,
      free_shipping_above: pricing.data?.free_shipping_above ?? null,
      earning_percent: tier.data?.member_earning ?? null,
    });
  // Below the coupon's minimum spend the store refuses it: the figures without it, and why.
  const withCoupon = figuresWith(coupon.voucher ?? null);
  const short =
    coupon.voucher && belowMinimumSpend(withCoupon.subtotal, coupon.voucher.min_spend)
      ? coupon.voucher
      : undefined;
  const figures = short ? figuresWith(null) : withCoupon;
  const rows: [string, string][] = [
    ["Subtotal", formatMoney(figures.subtotal)],
    ["Discount", `- ${formatMoney(figures.discount)}`],
    ["Shipping", formatMoney(figures.shipping_fee)],
    ["Total", formatMoney(figures.total)],
    // Prices include SST: the total contains this much (docs/decisions/sst-on-lines.md).
    ["SST included", formatMoney(figures.tax_total)],
    ["Points Earned", formatBalance("pv", figures.points_earned)],
  ];
  const [firstIncomplete] = incomplete;
  return (
    <section className="border rounded p-2 mb-3" aria-labelledby="order-preview-title">
      <h2 id="order-preview-title" className="h6">
        {translate("Preview")}
      </h2>
      <p className="small text-body-secondary">
        {translate(
          "Worked out here from today's prices; the store computes the order's figures when it is saved.",
        )}
      </p>
      {coupon.asked && !coupon.voucher && (
        <p className="small text-danger-emphasis">{translate("This coupon cannot be used now.")}</p>
      )}
      {short && (
        <p className="small text-danger-emphasis">
          {translate("This coupon needs a subtotal of at least {{min}}.", {
            min: formatMoney(short.min_spend ?? "0"),
          })}
        </p>
      )}
      {firstIncomplete !== undefined ? (
        // A total without a line would be a wrong figure to quote: none until every line is priced.
        <p className="small mb-0" data-testid="order-preview-incomplete">
          {translate(
            "Choose the product, its variant and a quantity on line {{line}} to see the figures.",
            { line: firstIncomplete },
          )}
        </p>
      ) : (
        <dl className="row mb-0" data-testid="order-preview">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="col-6 col-sm-4">{translate(label)}</dt>
              <dd className="col-6 col-sm-8 mb-1">{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * /addOrder: an order keyed in for a member (docs/decisions/orders-keyed-in.md):
 * the member, the lines, a coupon, the shipping method and the address
 * (prefilled from the member and their last order); a preview of the figures;
 * Save opens the new order's edit screen.
 */
export default function OrderAdd({ resource }: ScreenProps) {
  const navigate = useNavigate();
  const create = orders.useCreate();
  const shipping = useShippingMethods();
  const form = useCustomResourceForm<Order, Values, OrderCreateValues>({
    resource,
    useOne: orders.useOne,
    schema: orderCreate,
    defaults: EMPTY,
    save: (values) => create.mutateAsync(values as never),
    onSaved: (saved) => navigate(resource.editLink?.((saved as Order).orders_id) ?? "/order"),
  });
  const { control, setValue, getValues } = form.form;
  const lines = useFieldArray({ control, name: "items" });

  // The member's name and phone, and the address of their last order, as the recipient's.
  const prefill = useCallback(
    async (userId: string) => {
      const id = Number(userId);
      if (!id) return;
      const dirty = { shouldDirty: true };
      const user = await api.get<User>(`users/${id}`);
      if (Number(getValues("user_id")) !== id) return;
      setValue("recipient_name", `${user.f_name} ${user.l_name}`.trim(), dirty);
      setValue("recipient_contact", user.contact, dirty);
      const last = await requestPage<Order>("orders", {
        user_id: id,
        _limit: 1,
        _sort: "created_at",
        _order: "desc",
      });
      const order = last.rows[0];
      if (!order || Number(getValues("user_id")) !== id) return;
      setValue("address_1", order.address_1, dirty);
      setValue("address_2", order.address_2, dirty);
      setValue("postcode", order.postcode, dirty);
      if ((MALAYSIAN_STATES as readonly string[]).includes(order.state)) {
        setValue("state", order.state as Values["state"], dirty);
      }
    },
    [getValues, setValue],
  );

  return (
    <ResourceForm form={form} ready={!shipping.isLoading} maxWidth={960}>
      <Field
        name="user_id"
        label="Member"
        hint="Type a username, name or phone number to search."
        render={({ id, isInvalid, ...aria }) => (
          <Controller
            control={control}
            name="user_id"
            render={({ field }) => (
              <TypeaheadSelect
                id={id}
                name={field.name}
                inputRef={field.ref}
                value={String(field.value ?? "")}
                onChange={(value) => {
                  field.onChange(value);
                  void prefill(value);
                }}
                onBlur={field.onBlur}
                fetchPage={memberPages}
                queryKey={["users", "choices", "members"]}
                isInvalid={isInvalid}
                aria-invalid={aria["aria-invalid"]}
                aria-describedby={aria["aria-describedby"]}
              />
            )}
          />
        )}
      />
      <h2 className="h6 mt-3">{translate("Items")}</h2>
      {lines.fields.map((line, index) => (
        <OrderLine
          key={line.id}
          index={index}
          onRemove={lines.fields.length > 1 ? () => lines.remove(index) : undefined}
        />
      ))}
      <Button
        variant="outline-primary"
        size="sm"
        className="mb-3"
        disabled={lines.fields.length >= ORDER_LINES_MAX}
        onClick={() => lines.append({ ...NEW_LINE })}
      >
        {translate("Add Line")}
      </Button>
      <div className="row">
        <div className="col-md-6">
          <Field name="voucher_code" label="Coupon Code" hint="Optional.">
            {(input) => <Form.Control {...input} autoComplete="off" />}
          </Field>
        </div>
        <div className="col-md-6">
          <Field name="shipping_id" label="Shipping Method">
            {(input) => (
              <Form.Select {...input}>
                <option value="">{translate("No shipping")}</option>
                {(shipping.data ?? [])
                  .filter((m) => m.shipping_status === 1)
                  .map((m) => (
                    <option key={m.ship_id} value={String(m.ship_id)}>
                      {`${m.shipping_name} (${formatMoney(m.shipping_fee)})`}
                    </option>
                  ))}
              </Form.Select>
            )}
          </Field>
        </div>
      </div>
      <FiguresPreview />
      <h2 className="h6">{translate("Recipient")}</h2>
      <div className="row">
        <div className="col-md-6">
          <Field name="recipient_name" label="Recipient Name" />
        </div>
        <div className="col-md-6">
          <Field name="recipient_contact" label="Recipient Contact">
            {(input) => <Form.Control type="tel" {...input} />}
          </Field>
        </div>
      </div>
      <Field name="address_1" label="Address 1" />
      <Field name="address_2" label="Address 2" />
      <div className="row">
        <div className="col-md-4">
          <Field name="postcode" label="Postcode" hint="5 digits.">
            {(input) => (
              <Form.Control
                {...input}
                inputMode="numeric"
                maxLength={5}
                autoComplete="postal-code"
              />
            )}
          </Field>
        </div>
        <div className="col-md-4">
          <Field name="state" label="State">
            {(input) => (
              <Form.Select {...input}>
                <option value="" disabled>
                  {translate("Choose a state")}
                </option>
                {MALAYSIAN_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
        </div>
        <div className="col-md-4">
          <Field name="country" label="Country" />
        </div>
      </div>
    </ResourceForm>
  );
}
