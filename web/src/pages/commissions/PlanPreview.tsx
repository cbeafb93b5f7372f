import {
  type CommissionPlanValues,
  type CommissionPreviewRow,
  commissionPlanInput,
  commissionPreviewInput,
} from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, Button, Table } from "react-bootstrap";
import { Controller } from "react-hook-form";
import { usePreviewPlan } from "../../api/commissions";
import { useSettings } from "../../api/settings";
import { USER_CHOICES_KEY, usernameOf } from "../../api/userChoices";
import { Field, NumberInput, RecordForm, ScrollingTable, useRecordForm } from "../../components";
import { MemberPicker } from "../../components/MemberPicker";
import { translate } from "../../i18n/messages";
import { formatLocale, formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { OUTCOME_LABELS, percentText } from "./periodText";
import { EmptyRow, TableHead } from "./tables";

/** The preview's own fields; the plan comes from the plan form beside it. */
const previewFields = commissionPreviewInput.omit({ plan: true });

interface Shown {
  rows: CommissionPreviewRow[];
  amount: string;
  buyerId: string;
}

/**
 * The plan the form says, when it differs from the one in force: "same" when
 * the form is untouched (the preview reads the plan in force), undefined while
 * the form does not pass its own rules (their messages are then shown on it).
 */
export type FormPlan = () => Promise<CommissionPlanValues | "same" | undefined>;

/** Who is paid what: "C RM 10.00 (level 1), B RM 5.00 (level 2) and A RM 2.00 (level 3)". */
function paysSentence(rows: CommissionPreviewRow[], amount: string, buyer: string): string {
  const paid = rows.filter((r) => r.outcome === "paid" && r.level !== null);
  if (paid.length === 0)
    return translate("An order of {{amount}} by {{buyer}} pays no commission.", {
      amount: formatMoney(amount),
      buyer,
    });
  const payments = new Intl.ListFormat(formatLocale(), { type: "conjunction" }).format(
    paid.map((r) =>
      translate("{{name}} {{amount}} (level {{level}})", {
        name: r.username,
        amount: formatMoney(r.amount),
        level: r.level ?? "",
      }),
    ),
  );
  return translate("An order of {{amount}} by {{buyer}} pays {{payments}}.", {
    amount: formatMoney(amount),
    buyer,
    payments,
  });
}

/**
 * Why a preview pays no one: the store's commission switched off (the
 * settings' General tab), or no referrer. The server answers both with no
 * rows: the switch is read from the settings, for a person who may read them;
 * for another, or while it is not known, both reasons are said.
 */
function useNoOnePaidText(): string {
  const maySeeSettings = useCan("settings:view");
  const settings = useSettings({ enabled: maySeeSettings });
  const on = maySeeSettings ? settings.data?.commission_status : undefined;
  if (on === 0)
    return translate("Commissions are switched off in the settings: no order pays a commission.");
  if (on === 1) return translate("This member has no referrer: no one above them is paid.");
  return translate("No one is paid: the member has no referrer, or commissions are switched off.");
}

/**
 * Beside the plan form: what an order of an amount by a member would pay up
 * their sponsor line, under the plan as the form says it (unsaved changes
 * included), level by level, and why an upline is passed over.
 */
export function PlanPreview({ formPlan }: { formPlan: FormPlan }) {
  const preview = usePreviewPlan();
  const noOnePaid = useNoOnePaidText();
  const [shown, setShown] = useState<Shown | null>(null);
  const [planInvalid, setPlanInvalid] = useState(false);
  const form = useRecordForm({
    schema: previewFields,
    defaults: { user_id: "", amount: "100.00" },
    savedMessage: false,
    save: async (values) => {
      const plan = await formPlan();
      setPlanInvalid(plan === undefined);
      if (plan === undefined) return null;
      const rows = await preview.mutateAsync({
        user_id: values.user_id,
        amount: values.amount,
        plan: plan === "same" ? undefined : plan,
      });
      setShown({ rows, amount: values.amount, buyerId: String(values.user_id) });
      return rows;
    },
    onSaved: () => {},
  });
  const { control, watch } = form.form;
  const chosen = String(watch("user_id") ?? "");
  const buyer = useQuery({
    queryKey: [...USER_CHOICES_KEY, "label", shown?.buyerId ?? ""],
    queryFn: () => usernameOf(shown?.buyerId ?? ""),
    enabled: shown !== null,
    staleTime: 60_000,
  });

  return (
    <section className="card p-3" aria-labelledby="plan-preview-title">
      <h2 id="plan-preview-title" className="h5">
        {translate("Preview")}
      </h2>
      <p className="small text-muted">
        {translate(
          "What an order by a member would pay up their sponsor line under the plan in the form, saved or not.",
        )}
      </p>
      {/* Anyone who may view the plan may preview it: reading, not changing. */}
      <RecordForm form={form} permission="commissions:view">
        <Field
          name="user_id"
          label="Member"
          hint="The buyer: their referrer is level 1."
          render={({ id, isInvalid, ...aria }) => (
            <Controller
              control={control}
              name="user_id"
              render={({ field }) => (
                <MemberPicker
                  id={id}
                  name={field.name}
                  inputRef={field.ref}
                  value={String(field.value ?? "")}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  isInvalid={isInvalid}
                  aria-invalid={aria["aria-invalid"]}
                  aria-describedby={aria["aria-describedby"]}
                />
              )}
            />
          )}
        />
        <Field name="amount" label="Amount (RM)">
          {(input) => <NumberInput step="0.01" {...input} />}
        </Field>
        <Button
          type="submit"
          variant="outline-primary"
          disabled={chosen === "" || form.isSubmitting}
        >
          {translate("Preview")}
        </Button>
      </RecordForm>
      {planInvalid && (
        <Alert variant="warning" className="mt-3 mb-0">
          {translate("Correct the plan first: the preview pays by what the form says.")}
        </Alert>
      )}
      {shown && !planInvalid && (
        <div className="mt-3" aria-live="polite">
          <p data-testid="preview-sentence">
            {paysSentence(shown.rows, shown.amount, buyer.data ?? "…")}
          </p>
          <ScrollingTable label={translate("Preview")}>
            <Table size="sm" className="mb-0" data-testid="preview-rows">
              <TableHead
                heads={[
                  { text: translate("Level") },
                  { text: translate("Member") },
                  { text: translate("Rate"), figure: true },
                  { text: translate("Amount"), figure: true },
                  { text: translate("Outcome") },
                ]}
              />
              <tbody>
                {shown.rows.map((r) => (
                  <tr key={r.depth}>
                    <td>{r.level ?? "-"}</td>
                    <td>{r.username}</td>
                    <td className="text-end">{percentText(r.percent)}</td>
                    <td className="text-end text-nowrap">{formatMoney(r.amount)}</td>
                    <td>{translate(OUTCOME_LABELS[r.outcome])}</td>
                  </tr>
                ))}
                {shown.rows.length === 0 && (
                  <EmptyRow columns={5} testId="preview-none-paid">
                    {noOnePaid}
                  </EmptyRow>
                )}
              </tbody>
            </Table>
          </ScrollingTable>
        </div>
      )}
    </section>
  );
}

/**
 * The plan form's values through the contract's rules, for the preview: its
 * messages are shown on the form when they do not pass.
 */
export async function planOfForm(
  values: unknown,
  dirty: boolean,
  showErrors: () => Promise<boolean>,
): Promise<CommissionPlanValues | "same" | undefined> {
  if (!dirty) return "same";
  const parsed = commissionPlanInput.safeParse(values);
  if (parsed.success) return parsed.data;
  await showErrors();
  return undefined;
}
