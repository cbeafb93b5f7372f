import {
  COMMISSION_BASE_LABELS,
  COMMISSION_BASES,
  type Settings,
  STORE_CONTACT_MAX,
  STORE_REGISTRATION_MAX,
  THEMES,
} from "@store/contract";
import { useState } from "react";
import { Form } from "react-bootstrap";
import { Controller } from "react-hook-form";
import {
  Field,
  FieldError,
  HistoryPanel,
  ImagePicker,
  NumberInput,
  RecordForm,
  StatusSwitch,
} from "../../components";
import { translate } from "../../i18n/messages";
import { SaveButton } from "./SaveButton";
import { useSettingsForm } from "./useSettingsForm";

/** Theme, store information and logo. The layout shows a saved logo, name and copyright at once. */
export function GeneralTab({ settings }: { settings: Settings }) {
  const { form, saved } = useSettingsForm(settings);
  const [logoError, setLogoError] = useState<string | null>(null);
  const { control, formState } = form.form;
  const { errors, isSubmitting } = formState;

  return (
    <>
      <RecordForm form={form} style={{ maxWidth: 720 }}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{translate("Theme")}</legend>
          <Controller
            control={control}
            name="theme_color"
            render={({ field }) => (
              <div className="d-flex gap-4">
                {THEMES.map((theme) => (
                  <Form.Check
                    key={theme}
                    type="radio"
                    id={`theme_${theme}`}
                    name="theme_color"
                    label={translate("Theme {{count}}", { count: theme })}
                    checked={Number(field.value) === theme}
                    onChange={() => field.onChange(theme)}
                  />
                ))}
              </div>
            )}
          />
          <FieldError id="theme_color" error={errors.theme_color} />
        </fieldset>
        <Field name="store_name" label="Store Name" />
        <Field
          htmlFor="store_logo"
          label="Store Logo"
          hint="Recommended size 250 x 150. One jpg, jpeg, png or gif file, up to 500,000 bytes."
          error={logoError ?? errors.store_logo}
        >
          <Controller
            control={control}
            name="store_logo"
            render={({ field }) => (
              <ImagePicker
                id="store_logo"
                label="Store Logo"
                kind="logo"
                value={field.value ? [field.value] : []}
                onReject={setLogoError}
                onChange={(names) => {
                  setLogoError(null);
                  field.onChange(names[0] ?? "");
                }}
              />
            )}
          />
        </Field>
        <Field name="store_address" label="Store Address">
          {(input) => <Form.Control as="textarea" rows={3} {...input} />}
        </Field>
        <Field
          name="store_contact"
          label="Store Contact"
          hint={translate("At most {{max}} characters.", { max: STORE_CONTACT_MAX })}
        >
          {(input) => <Form.Control type="tel" maxLength={STORE_CONTACT_MAX} {...input} />}
        </Field>
        <Field
          name="store_registration"
          label="Company Registration No."
          hint="Printed on invoices, e.g. the SSM number 202301012345 (1234567-X)."
        >
          {(input) => <Form.Control maxLength={STORE_REGISTRATION_MAX} {...input} />}
        </Field>
        <Field name="copyright_text" label="Copyright Text" />
        <Field name="footer_text" label="Footer Text">
          {(input) => <Form.Control as="textarea" rows={2} {...input} />}
        </Field>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{translate("Commission and Withdrawals")}</legend>
          <StatusSwitch
            control={control}
            name="commission_status"
            label="Referral Commission (a buyer's referrer earns their tier's Member Earning % of each completed order)"
            className="mb-2"
          />
          <Field
            name="commission_base"
            label="Commission Base"
            hint="What the Member Earning % is taken of, when an order is first completed."
          >
            {(input) => (
              <Form.Select {...input}>
                {COMMISSION_BASES.map((base) => (
                  <option key={base} value={base}>
                    {translate(COMMISSION_BASE_LABELS[base])}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
          <div className="row">
            <div className="col-md-6">
              <Field
                name="withdraw_min_amt"
                label="Minimum Withdrawal Amount"
                hint="RM; checked when a request is approved. 0: no minimum."
              >
                {(input) => <NumberInput step="0.01" {...input} />}
              </Field>
            </div>
            <div className="col-md-6">
              <Field
                name="withdraw_max_amt"
                label="Maximum Withdrawal Amount"
                hint="RM; checked when a request is approved. Empty: no maximum."
              >
                {(input) => <NumberInput step="0.01" {...input} />}
              </Field>
            </div>
          </div>
        </fieldset>
        {/* Issue 22: four-eyes payouts (docs/decisions/four-eyes-payouts.md) and two-step login. */}
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{translate("Payouts and Sign-in")}</legend>
          <Field
            name="payout_second_approval_above"
            label="Second Approval Above"
            hint="RM; approving a withdrawal above this amount takes two different people. Empty: one approval."
          >
            {(input) => <NumberInput step="0.01" {...input} />}
          </Field>
          <StatusSwitch
            control={control}
            name="totp_required"
            label="Require two-step login for Admins and payout managers"
          />
          {/* KYC before pay-out (docs/decisions/kyc.md): off, approvals work as before. */}
          <StatusSwitch
            control={control}
            name="kyc_required"
            label="Pay out only to KYC-verified members"
          />
        </fieldset>
        <Field
          name="low_stock_threshold"
          label="Low Stock Threshold"
          hint="Products and variants with this many or fewer in stock are counted in the notifications."
        >
          {(input) => <NumberInput step="1" {...input} />}
        </Field>
        <Field
          name="free_shipping_above"
          label="Free Shipping Above"
          hint="RM; an order whose subtotal reaches this amount ships free. Empty: shipping is never free."
        >
          {(input) => <NumberInput step="0.01" {...input} />}
        </Field>
        {/* Issue 42: a return's default refund inside the buy-back period (docs/decisions/returns.md). */}
        <div className="row">
          <div className="col-md-6">
            <Field
              name="buy_back_days"
              label="Buy-back period (days)"
              hint="A member who returns goods within this many days of the order gets this share of their price back by default; 0 days: off."
            >
              {(input) => <NumberInput step="1" {...input} />}
            </Field>
          </div>
          <div className="col-md-6">
            <Field name="buy_back_percent" label="Buy-back percentage">
              {(input) => <NumberInput step="0.01" {...input} />}
            </Field>
          </div>
        </div>
        <SaveButton saved={saved} busy={isSubmitting} />
      </RecordForm>
      <HistoryPanel entity="Settings" entityId={settings.setting_id} />
    </>
  );
}
