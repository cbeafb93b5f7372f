import type {
  CommissionLineOutcome,
  CommissionLineState,
  CommissionPeriod,
  CommissionPeriodStatus,
  WhenUnqualified,
} from "@store/contract";
import { Badge } from "react-bootstrap";
import { awaitsSecondApproval } from "../../api/commissions";
import { translate } from "../../i18n/messages";
import { formatDate, formatDecimal } from "../../lib/format";

/** Each state of a period: open grey, calculated blue, approved amber, released (paid out) green. */
export const PERIOD_STATUS_STYLE: Record<
  CommissionPeriodStatus,
  { bg: string; text?: "dark"; label: string }
> = {
  open: { bg: "secondary", label: "Open" },
  calculated: { bg: "primary", label: "Calculated" },
  approved: { bg: "warning", text: "dark", label: "Approved" },
  released: { bg: "success", label: "Released" },
};

/** The period's state; a calculated period one person approved says it waits for a second. */
export function PeriodStatusBadge({ period }: { period: CommissionPeriod }) {
  if (awaitsSecondApproval(period))
    return (
      <Badge bg="warning" text="dark">
        {translate("Awaiting second approval")}
      </Badge>
    );
  const style = PERIOD_STATUS_STYLE[period.status];
  return (
    <Badge bg={style.bg} text={style.text}>
      {translate(style.label)}
    </Badge>
  );
}

/** "01/11/2026 – 30/11/2026": a period by its days, in the chosen language's dates. */
export const periodName = (period: Pick<CommissionPeriod, "starts_on" | "ends_on">) =>
  translate("{{from}} – {{to}}", {
    from: formatDate(period.starts_on),
    to: formatDate(period.ends_on),
  });

/** "12.50%": a rate as the plan and the statements show it. */
export const percentText = (value: string) => `${formatDecimal(value)}%`;

/** Why an upline is or is not paid at a level, in words ("zero": their tier's rate there is 0%). */
export const OUTCOME_LABELS: Record<CommissionLineOutcome, string> = {
  paid: "Paid",
  unqualified: "Not qualified",
  compressed: "Passed up (compressed)",
  capped: "Capped",
  zero: "Rate of 0%",
};

/** A statement line's state: held until its period is released, paid at once without a plan, taken back. */
export const LINE_STATE_STYLE: Record<
  CommissionLineState,
  { bg: string; text?: "dark"; label: string }
> = {
  held: { bg: "warning", text: "dark", label: "Held" },
  released: { bg: "success", label: "Released" },
  paid: { bg: "success", label: "Paid at once" },
  reversed: { bg: "danger", label: "Reversed" },
};

/** What happens at a level when an upline does not qualify. */
export const WHEN_UNQUALIFIED_LABELS: Record<WhenUnqualified, string> = {
  skip: "Skip",
  compress: "Pass up (compress)",
};
