import {
  COUPON_EXPIRY_MESSAGE,
  isCouponExpiryAllowed,
  normaliseVoucherCode,
  type Voucher,
  type VoucherInput,
  type VoucherValues,
  voucherInput,
} from "@store/contract";
import type { ChangeEvent } from "react";
import { Form, InputGroup } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { withoutVersion } from "../../api/client";
import { vouchers } from "../../api/vouchers";
import {
  DateInput,
  Field,
  NumberInput,
  ResourceForm,
  StatusSwitch,
  useResourceForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import { fromDateTimeLocal, parseWireTimestamp, toDateTimeLocal } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

const EMPTY: VoucherInput = {
  voucher_code: "",
  discount: "",
  discount_cap: "",
  discount_type: "" as VoucherInput["discount_type"],
  voucher_status: 0,
  expired_at: "",
  min_spend: "",
  usage_limit: "",
  member_limit: "",
};

/**
 * Whether a chosen expiry is too early. The coupon's own saved expiry may stay
 * as it is (the server accepts an unchanged one), so it is never judged.
 */
function isTooEarly(wire: string, saved: string | undefined): boolean {
  return wire !== "" && wire !== saved && !isCouponExpiryAllowed(parseWireTimestamp(wire));
}

const toValues = (coupon: Voucher): VoucherInput => {
  const { voucher_id, created_at, updated_at, min_spend, usage_limit, member_limit, ...values } =
    coupon;
  // No limit is an empty field.
  return withoutVersion({
    ...values,
    min_spend: min_spend ?? "",
    usage_limit: usage_limit ?? "",
    member_limit: member_limit ?? "",
  });
};

/** The contract's schema, plus the one rule that needs the saved expiry. */
const schemaFor = (coupon: Voucher | undefined) =>
  voucherInput.superRefine((v, ctx) => {
    if (isTooEarly(v.expired_at, coupon?.expired_at)) {
      ctx.addIssue({ code: "custom", path: ["expired_at"], message: COUPON_EXPIRY_MESSAGE });
    }
  });

/** Caret-keeping uppercase-and-no-whitespace, applied as the code is typed. */
function normaliseAsTyped(e: ChangeEvent<HTMLInputElement>): void {
  const input = e.target;
  const raw = input.value;
  const normalised = normaliseVoucherCode(raw);
  if (normalised === raw) return;
  const caret = normaliseVoucherCode(raw.slice(0, input.selectionStart ?? raw.length)).length;
  input.value = normalised;
  input.setSelectionRange(caret, caret);
}

/** /addCoupon and /editCoupon?vid=: every field required; expiry more than three days ahead. */
export default function CouponForm({ resource }: ScreenProps) {
  const form = useResourceForm<Voucher, VoucherInput, VoucherValues>({
    resource,
    calls: vouchers,
    schema: schemaFor,
    defaults: EMPTY,
    toValues,
    // A code another coupon has is a 409 about the code.
    conflictField: "voucher_code",
  });
  const saved = form.record?.expired_at;
  const { control, register, setError, clearErrors, watch, formState } = form.form;
  const { errors } = formState;
  const discountType = watch("discount_type");
  const code = register("voucher_code");

  return (
    <ResourceForm form={form}>
      <Field name="voucher_code" label="Coupon Code" hint="Uppercase, without spaces.">
        {(input) => (
          <Form.Control
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...input}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              normaliseAsTyped(e);
              return code.onChange(e);
            }}
          />
        )}
      </Field>
      <Field name="discount_type" label="Type">
        {(input) => (
          <Form.Select {...input}>
            <option value="" disabled>
              {translate("Select type")}
            </option>
            <option value="price">{translate("Price")}</option>
            <option value="percentage">{translate("Percentage")}</option>
          </Form.Select>
        )}
      </Field>
      <Field name="discount" label="Discount">
        {(input) => (
          <InputGroup hasValidation>
            {discountType !== "percentage" && <InputGroup.Text>RM</InputGroup.Text>}
            <NumberInput
              step="0.01"
              max={discountType === "percentage" ? 99.99 : undefined}
              {...input}
            />
            {discountType === "percentage" && <InputGroup.Text>%</InputGroup.Text>}
          </InputGroup>
        )}
      </Field>
      <Field name="discount_cap" label="Discount Cap">
        {(input) => (
          <InputGroup hasValidation>
            <InputGroup.Text>RM</InputGroup.Text>
            <NumberInput step="0.01" {...input} />
          </InputGroup>
        )}
      </Field>
      <Field
        name="expired_at"
        label="Expiry Date"
        hint="Must be later than three days from now."
        render={(aria) => (
          <Controller
            control={control}
            name="expired_at"
            render={({ field }) => {
              const clearIfEarly = (wire: string): string => {
                if (!isTooEarly(wire, saved)) return wire;
                setError("expired_at", { type: "min", message: COUPON_EXPIRY_MESSAGE });
                return "";
              };
              return (
                <DateInput
                  {...aria}
                  time
                  ref={field.ref}
                  name={field.name}
                  value={toDateTimeLocal(field.value)}
                  onChange={(local) => {
                    // DateInput hands on only whole dates: each is judged at once.
                    if (errors.expired_at?.type === "min") clearErrors("expired_at");
                    field.onChange(clearIfEarly(fromDateTimeLocal(local)));
                  }}
                  onBlur={() => {
                    field.onChange(clearIfEarly(field.value));
                    field.onBlur();
                  }}
                />
              );
            }}
          />
        )}
      />
      <Field
        name="min_spend"
        label="Minimum Spend"
        hint="An order's subtotal must reach this to use the coupon. Empty: no minimum."
      >
        {(input) => (
          <InputGroup hasValidation>
            <InputGroup.Text>RM</InputGroup.Text>
            <NumberInput step="0.01" min={0} {...input} />
          </InputGroup>
        )}
      </Field>
      <div className="row">
        <div className="col-sm-6">
          <Field
            name="usage_limit"
            label="Usage Limit"
            hint="Orders that may use it in all. Empty: no limit."
          >
            {(input) => <NumberInput step="1" min={1} {...input} />}
          </Field>
        </div>
        <div className="col-sm-6">
          <Field
            name="member_limit"
            label="Limit per Member"
            hint="Orders one member may use it on. Empty: no limit."
          >
            {(input) => <NumberInput step="1" min={1} {...input} />}
          </Field>
        </div>
      </div>
      <StatusSwitch control={control} name="voucher_status" className="mb-3" />
    </ResourceForm>
  );
}
