import { zodResolver } from "@hookform/resolvers/zod";
import {
  COUPON_EXPIRY_MESSAGE,
  couponExpiryMinimum,
  isCouponExpiryAllowed,
  normaliseVoucherCode,
  type VoucherInput,
  type VoucherValues,
  voucherInput,
} from "@store/contract";
import { type ChangeEvent, useEffect, useMemo } from "react";
import { Form, InputGroup } from "react-bootstrap";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { vouchers } from "../../api/vouchers";
import {
  Field,
  FormActions,
  FormSkeleton,
  MissingRecord,
  NumberInput,
  PageHeader,
  StatusSwitch,
  useRecordId,
  useUnsavedChangesWarning,
} from "../../components";
import {
  fromDateTimeLocal,
  parseWireTimestamp,
  toDateTimeLocal,
  toWireTimestamp,
} from "../../lib/format";
import { showServerIssues } from "../../lib/formErrors";

const LIST = "/coupon";
const FIELDS = [
  "voucher_code",
  "discount",
  "discount_cap",
  "discount_type",
  "voucher_status",
  "expired_at",
] as const;
const EMPTY: VoucherInput = {
  voucher_code: "",
  discount: "",
  discount_cap: "",
  discount_type: "" as VoucherInput["discount_type"],
  voucher_status: 0,
  expired_at: "",
};

/**
 * Whether a chosen expiry is too early. The coupon's own saved expiry may stay
 * as it is (the server accepts an unchanged one), so it is never judged.
 */
function isTooEarly(wire: string, saved: string | undefined): boolean {
  return wire !== "" && wire !== saved && !isCouponExpiryAllowed(parseWireTimestamp(wire));
}

/** The date picker's minimum: three days ahead, rounded up to the next whole minute. */
function pickerMinimum(): string {
  const min = couponExpiryMinimum();
  min.setSeconds(0, 0);
  min.setMinutes(min.getMinutes() + 1);
  return toDateTimeLocal(toWireTimestamp(min));
}

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
export default function CouponForm() {
  const { id, invalid, isEdit } = useRecordId("vid");
  const record = vouchers.useOne(id);
  const create = vouchers.useCreate();
  const update = vouchers.useUpdate();
  const navigate = useNavigate();
  const saved = record.data?.expired_at;
  const schema = useMemo(
    () =>
      voucherInput.superRefine((v, ctx) => {
        if (isTooEarly(v.expired_at, saved)) {
          ctx.addIssue({ code: "custom", path: ["expired_at"], message: COUPON_EXPIRY_MESSAGE });
        }
      }),
    [saved],
  );
  const minimum = useMemo(pickerMinimum, []);
  const { register, control, handleSubmit, reset, setError, clearErrors, watch, formState } =
    useForm<VoucherInput, unknown, VoucherValues>({
      resolver: zodResolver(schema),
      defaultValues: EMPTY,
    });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);
  const discountType = watch("discount_type");

  useEffect(() => {
    if (!record.data) return;
    const { voucher_id, created_at, updated_at, ...values } = record.data;
    reset(values);
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="coupon" backTo={LIST} backLabel="Back to Coupons" />;
  }
  if (isEdit && !record.data) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (id !== null) await update.mutateAsync({ id, input: values });
      else await create.mutateAsync(values);
      navigate(LIST);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError("voucher_code", { type: "server", message: error.message });
      } else {
        showServerIssues(error, setError, FIELDS);
      }
    }
  });

  const code = register("voucher_code");

  return (
    <>
      <PageHeader title={isEdit ? "Edit Coupon" : "Add Coupon"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <Field
          label="Coupon Code"
          htmlFor="voucher_code"
          error={errors.voucher_code?.message}
          hint="Uppercase, without spaces."
        >
          <Form.Control
            id="voucher_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            isInvalid={!!errors.voucher_code}
            {...code}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              normaliseAsTyped(e);
              return code.onChange(e);
            }}
          />
        </Field>
        <Field label="Type" htmlFor="discount_type" error={errors.discount_type?.message}>
          <Form.Select
            id="discount_type"
            isInvalid={!!errors.discount_type}
            {...register("discount_type")}
          >
            <option value="" disabled>
              Select type
            </option>
            <option value="price">Price</option>
            <option value="percentage">Percentage</option>
          </Form.Select>
        </Field>
        <Field label="Discount" htmlFor="discount" error={errors.discount?.message}>
          <InputGroup hasValidation>
            {discountType !== "percentage" && <InputGroup.Text>RM</InputGroup.Text>}
            <NumberInput
              id="discount"
              step="0.01"
              max={discountType === "percentage" ? 99.99 : undefined}
              isInvalid={!!errors.discount}
              {...register("discount")}
            />
            {discountType === "percentage" && <InputGroup.Text>%</InputGroup.Text>}
          </InputGroup>
        </Field>
        <Field label="Discount Cap" htmlFor="discount_cap" error={errors.discount_cap?.message}>
          <InputGroup hasValidation>
            <InputGroup.Text>RM</InputGroup.Text>
            <NumberInput
              id="discount_cap"
              step="0.01"
              isInvalid={!!errors.discount_cap}
              {...register("discount_cap")}
            />
          </InputGroup>
        </Field>
        <Field
          label="Expiry Date"
          htmlFor="expired_at"
          error={errors.expired_at?.message}
          hint="Must be later than three days from now."
        >
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
                <Form.Control
                  id="expired_at"
                  type="datetime-local"
                  min={minimum}
                  isInvalid={!!errors.expired_at}
                  ref={field.ref}
                  name={field.name}
                  value={toDateTimeLocal(field.value)}
                  onChange={(e) => {
                    const wire = fromDateTimeLocal(e.target.value);
                    // A year still being typed (0002, 0020, 0202) is judged on leaving the field.
                    const typing =
                      wire !== "" && Number(wire.slice(0, 4)) < new Date().getFullYear();
                    if (!typing && errors.expired_at?.type === "min") clearErrors("expired_at");
                    field.onChange(typing ? wire : clearIfEarly(wire));
                  }}
                  onBlur={() => {
                    field.onChange(clearIfEarly(field.value));
                    field.onBlur();
                  }}
                />
              );
            }}
          />
        </Field>
        <StatusSwitch control={control} name="voucher_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}
