import {
  COMMISSION_HOLD_DAYS_MAX,
  COMMISSION_START_DAY_MAX,
  type CommissionPlan,
  type CommissionPlanInput,
  type CommissionPlanValues,
  commissionPlanInput,
} from "@store/contract";
import { useMemo } from "react";
import { Alert, Button, Col, Row } from "react-bootstrap";
import { useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { useCommissionPlan, useSavePlan } from "../../api/commissions";
import {
  Field,
  FormActions,
  FormSkeleton,
  NumberInput,
  PageHeader,
  RecordForm,
  useRecordForm,
} from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";
import { plainNumber } from "../people/membershipDisplay";
import { newLevel, PlanLevels, type PlanTier } from "./PlanLevels";
import { PlanPreview, planOfForm } from "./PlanPreview";
import { PlanRanks, rankValues } from "./PlanRanks";
import { useMembershipTiers } from "./tiers";

const EMPTY: CommissionPlanInput = {
  levels: [],
  cap_per_order: null,
  cap_per_period: null,
  hold_days: 0,
  period_start_day: 1,
  ranks: [],
  demote: false,
};

/** A blank cap is no cap: null, as the contract has it. */
const blankIsNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** A cap in RM of the plan form: blank for none. */
function CapField({
  name,
  label,
  hint,
}: {
  name: "cap_per_order" | "cap_per_period";
  label: string;
  hint: string;
}) {
  const { register } = useFormContext<CommissionPlanInput>();
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      render={(aria) => (
        <NumberInput step="0.01" {...aria} {...register(name, { setValueAs: blankIsNull })} />
      )}
    />
  );
}

/** The plan as form values: a rate for every tier (0 where the plan names none). */
function toValues(plan: CommissionPlan, tiers: readonly PlanTier[]): CommissionPlanInput {
  const levels = plan.levels.length > 0 ? plan.levels : [];
  return {
    levels:
      levels.length > 0
        ? levels.map((l) => ({
            level: l.level,
            rates: Object.fromEntries(
              tiers.map((t) => [String(t.member_id), plainNumber(l.rates[t.member_id] ?? "0")]),
            ),
            min_personal_pv: plainNumber(l.min_personal_pv),
            when_unqualified: l.when_unqualified,
          }))
        : [newLevel(1, tiers)],
    cap_per_order: plan.cap_per_order,
    cap_per_period: plan.cap_per_period,
    hold_days: plan.hold_days,
    period_start_day: plan.period_start_day,
    // Carried whole: a save from this screen keeps the rank rules as they are shown.
    ranks: plan.ranks.map(rankValues),
    demote: plan.demote,
  };
}

/**
 * The membership tiers the rates and rank rules are per, in promotion order;
 * for a person who may not read the tiers, the tiers the plan names, by id.
 */
function usePlanTiers(plan: CommissionPlan | undefined): PlanTier[] | undefined {
  const { mayRead: mayReadTiers, query: tiers } = useMembershipTiers();
  return useMemo(() => {
    if (mayReadTiers && tiers.data)
      return [...tiers.data]
        .sort((a, b) => a.rank - b.rank)
        .map((t) => ({ member_id: t.member_id, membership: t.membership }));
    if (mayReadTiers && !tiers.error) return undefined;
    if (!plan) return undefined;
    const ids = [
      ...new Set([
        ...plan.levels.flatMap((l) => Object.keys(l.rates).map(Number)),
        ...plan.ranks.map((r) => r.member_id),
      ]),
    ];
    return ids
      .sort((a, b) => a - b)
      .map((id) => ({ member_id: id, membership: translate("Tier #{{id}}", { id }) }));
  }, [mayReadTiers, tiers.data, tiers.error, plan]);
}

/**
 * /commissionPlans: the plan an order's sponsor line is paid by (levels,
 * rates per tier, who qualifies, caps, the hold and the period's first day)
 * and the tiers' rank rules at a period's close,
 * saved with If-Match and a fresh step-up; beside it a preview of what an
 * order would pay under what the form says.
 */
export default function PlanPage({ resource, screen }: ScreenProps) {
  const plan = useCommissionPlan();
  const tiers = usePlanTiers(plan.data);
  const save = useSavePlan();
  const loaded = useMemo(
    () => (plan.data && tiers ? toValues(plan.data, tiers) : undefined),
    [plan.data, tiers],
  );
  const form = useRecordForm<CommissionPlanInput, CommissionPlanValues>({
    schema: commissionPlanInput,
    defaults: EMPTY,
    loaded,
    version: plan.data?.version,
    reload: plan.refetch,
    listRoute: resource.list.path,
    save: (values, { version }) => save.mutateAsync({ plan: values, version }),
    savedMessage: "Commission plan saved.",
    // Saved and staying: the form shows the plan as now stored.
    onSaved: () => {},
  });
  const { getValues, trigger } = form.form;
  const formPlan = () => planOfForm(getValues(), form.isDirty, () => trigger());

  const header = (
    <PageHeader title={screen.title} backTo={resource.list.path}>
      <Link to={resource.list.path} className="btn btn-outline-secondary">
        {translate("Commission Periods")}
      </Link>
    </PageHeader>
  );
  if (plan.error)
    return (
      <>
        {header}
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="flex-grow-1">{errorText(plan.error)}</span>
          <Button size="sm" variant="danger" onClick={() => void plan.refetch()}>
            {translate("Retry")}
          </Button>
        </Alert>
      </>
    );
  if (!plan.data || !loaded)
    return (
      <>
        {header}
        <FormSkeleton />
      </>
    );

  return (
    <>
      {header}
      <Row className="g-3">
        <Col xs={12} xxl={8}>
          <RecordForm form={form} className="card p-3">
            {plan.data.default ? (
              <Alert variant="info" data-testid="default-plan-note">
                {translate(
                  "Default plan: level 1 at each tier's Member Earning %, paid at once. Saving sets a plan of your own.",
                )}
              </Alert>
            ) : (
              <p className="small text-muted">
                {translate("Last changed {{time}}", {
                  time: formatDateTime(plan.data.updated_at),
                })}
              </p>
            )}
            <PlanLevels tiers={tiers ?? []} />
            <Row className="g-3">
              <Col md={6}>
                <CapField
                  name="cap_per_order"
                  label="Cap per order (RM)"
                  hint="The most one order pays all levels together. Blank: no cap."
                />
              </Col>
              <Col md={6}>
                <CapField
                  name="cap_per_period"
                  label="Cap per period (RM)"
                  hint="The most one member earns in a period from all orders. Blank: no cap."
                />
              </Col>
              <Col md={6}>
                <Field
                  name="hold_days"
                  label="Hold days"
                  hint="Days after an order completes before its period can be calculated, so returns and refunds settle first; 10 days suggested."
                >
                  {(input) => <NumberInput step="1" max={COMMISSION_HOLD_DAYS_MAX} {...input} />}
                </Field>
              </Col>
              <Col md={6}>
                <Field
                  name="period_start_day"
                  label="Period start day"
                  hint="The day of the month each period starts on (1 to 28)."
                >
                  {(input) => (
                    <NumberInput step="1" min="1" max={COMMISSION_START_DAY_MAX} {...input} />
                  )}
                </Field>
              </Col>
            </Row>
            <PlanRanks tiers={tiers ?? []} />
            <FormActions cancelTo={resource.list.path} isEdit submitting={form.isSubmitting} />
          </RecordForm>
        </Col>
        <Col xs={12} xxl={4}>
          <PlanPreview formPlan={formPlan} />
        </Col>
      </Row>
    </>
  );
}
