import {
  REPORT_COMPARE,
  type ReportAnswer,
  type ReportCompare,
  type ReportName,
} from "@store/contract";
import { Form } from "react-bootstrap";
import { useTranslation } from "../../i18n";

// The comparison of a report (issue 34): with the range before, or the same
// days a year before; the cards' change, and the compared figures of the
// chart and table (the answer's `previous_series`, or each ranked row's `previous`).

/** The comparison in the screen's address (`compare`), the range before by default. */
export function compareOf(search: URLSearchParams): ReportCompare {
  const asked = search.get("compare") ?? "";
  return (REPORT_COMPARE as readonly string[]).includes(asked)
    ? (asked as ReportCompare)
    : "previous";
}

/** The select of what the figures are compared with. */
export function CompareSelect({
  value,
  onChange,
}: {
  value: ReportCompare;
  onChange: (next: ReportCompare) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Group controlId="report-compare">
      <Form.Label className="small mb-1">{t("reports.compare")}</Form.Label>
      <Form.Select
        size="sm"
        value={value}
        onChange={(e) => onChange(e.target.value as ReportCompare)}
      >
        {REPORT_COMPARE.map((c) => (
          <option key={c} value={c}>
            {t(`reports.compareOptions.${c}`)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

type Row = Record<string, unknown>;

/**
 * The compared value of `field` beside each row of the series: the compared
 * range's period in the same place, or the ranked row's own figure there;
 * undefined where the answer has none (a compared range of fewer periods).
 */
export function comparedValues(
  answer: ReportAnswer<ReportName> | undefined,
  field: string,
): (unknown | undefined)[] {
  if (!answer) return [];
  const rows = answer.series as Row[];
  const periods = (answer as { previous_series?: Row[] }).previous_series;
  if (periods) return rows.map((_, i) => periods[i]?.[field]);
  return rows.map((row) => (row.previous as Row | undefined)?.[field]);
}

/** Whether the answer holds compared figures for its series (the screen always asks). */
export const hasCompared = (answer: ReportAnswer<ReportName> | undefined) =>
  !!answer &&
  ("previous_series" in answer || (answer.series as Row[]).some((row) => "previous" in row));
