import {
  REPORT_NAMES,
  type ReportAnswer,
  type ReportBy,
  type ReportCompare,
  type ReportGroup,
  type ReportName,
} from "@store/contract";
import { lazy, Suspense } from "react";
import { Alert, Button, Card, Col, Form, Nav, Row, Table } from "react-bootstrap";
import { Link, useSearchParams } from "react-router";
import { type ReportParams, reportFileUrl, useReport } from "../../api/reports";
import { DateInput } from "../../components/DateInput";
import { PageHeader } from "../../components/PageHeader";
import { ScrollingTable } from "../../components/ScrollingTable";
import { currentLanguage, useTranslation } from "../../i18n";
import { translate } from "../../i18n/messages";
import { formatDate } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { useResources } from "../../resources/context";
import "./reports.css";

import { CompareSelect, comparedValues, compareOf, hasCompared } from "./compare";
import { MembersTables } from "./MembersTables";
import { NothingInRange } from "./NothingInRange";
import { PRESETS, type Preset, presetRange } from "./presets";
import { CHARTED, COLUMNS, changeOf, FIGURES, GROUPED, write } from "./reportFigures";

const ReportChart = lazy(() => import("./ReportChart"));

function Change({
  current,
  previous,
  compare,
}: {
  current: number;
  previous: number;
  compare: ReportCompare;
}) {
  const { t } = useTranslation();
  const change = changeOf(current, previous);
  if (change === null)
    return (
      <span className="text-body-secondary small">
        {t(compare === "year" ? "reports.noPreviousYear" : "reports.noPrevious")}
      </span>
    );
  const arrow = change > 0 ? "▲" : change < 0 ? "▼" : "▶";
  const tone = change > 0 ? "text-success-emphasis" : change < 0 ? "text-danger-emphasis" : "";
  const text = t(compare === "year" ? "reports.changeYear" : "reports.change", {
    change: `${change > 0 ? "+" : ""}${change}`,
  });
  return (
    <span className={`small ${tone}`}>
      <span aria-hidden="true">{arrow} </span>
      {text}
    </span>
  );
}

type AnyReport = ReportAnswer<ReportName>;
type SeriesRow = Record<string, unknown>;

/** /reports: the range, the report's figures against the previous range, a chart, the table. */
export default function ReportsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const name = (REPORT_NAMES as readonly string[]).includes(search.get("report") ?? "")
    ? (search.get("report") as ReportName)
    : "sales";
  const preset = (PRESETS as readonly string[]).includes(search.get("range") ?? "")
    ? (search.get("range") as Preset)
    : "last7";
  const fallback = presetRange(preset === "custom" ? "last7" : preset);
  const from = preset === "custom" ? (search.get("from") ?? fallback.from) : fallback.from;
  const to = preset === "custom" ? (search.get("to") ?? fallback.to) : fallback.to;
  const group = (search.get("group") ?? "day") as ReportGroup;
  const by = (search.get("by") ?? "product") as ReportBy;
  const compare = compareOf(search);
  const params: ReportParams = {
    from,
    to,
    compare,
    ...(GROUPED.includes(name) ? { group } : {}),
    ...(name === "products" ? { by } : {}),
  };
  const report = useReport(name, params);
  const mayExport = useCan("export");
  // The s.107D remittance is payouts:view (docs/decisions/withholding.md): its own screen.
  const mayViewPayouts = useCan("payouts:view");
  const resources = useResources();

  const set = (changes: Record<string, string>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const choosePreset = (next: Preset) =>
    next === "custom" ? set({ range: next, from, to }) : set({ range: next });

  const answer = report.data as AnyReport | undefined;
  const series = (answer?.series ?? []) as SeriesRow[];
  const totals = (answer?.totals ?? {}) as SeriesRow;
  const previous = (answer?.previous ?? {}) as SeriesRow;

  return (
    <div className="reports-page">
      <PageHeader title="Reports">
        {mayViewPayouts && (
          <Link
            className="btn btn-sm btn-outline-secondary d-print-none"
            to={resources.path("reports", "withholding")}
          >
            {translate("Withholding Report")}
          </Link>
        )}
        <Button
          size="sm"
          variant="outline-secondary"
          className="d-print-none"
          onClick={() => window.print()}
        >
          {t("reports.print")}
        </Button>
        {mayExport &&
          (["csv", "xlsx"] as const).map((format) => (
            <a
              key={format}
              className="btn btn-sm btn-outline-secondary d-print-none"
              href={reportFileUrl(name, params, format, currentLanguage())}
              download
            >
              {t(format === "csv" ? "reports.exportCsv" : "reports.exportXlsx")}
            </a>
          ))}
      </PageHeader>

      <Nav
        variant="tabs"
        role="tablist"
        aria-label={t("reports.which")}
        className="mb-3 d-print-none"
        activeKey={name}
        onSelect={(key) => key && set({ report: key })}
      >
        {REPORT_NAMES.map((report) => (
          <Nav.Item key={report}>
            <Nav.Link eventKey={report} aria-controls="report-body">
              {t(`reports.names.${report}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <h2 className="h5 d-none d-print-block">
        {t(`reports.names.${name}`)}: {formatDate(from)} – {formatDate(to)}
      </h2>

      <Form
        className="d-flex flex-wrap align-items-end gap-3 mb-3 d-print-none"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Group controlId="report-range">
          <Form.Label className="small mb-1">{t("reports.range")}</Form.Label>
          <Form.Select
            size="sm"
            value={preset}
            onChange={(e) => choosePreset(e.target.value as Preset)}
          >
            {PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`reports.presets.${p}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {preset === "custom" ? (
          <>
            <Form.Group controlId="report-from">
              <Form.Label className="small mb-1">{t("reports.from")}</Form.Label>
              <DateInput
                size="sm"
                value={from}
                onChange={(value) => value && set({ from: value })}
              />
            </Form.Group>
            <Form.Group controlId="report-to">
              <Form.Label className="small mb-1">{t("reports.to")}</Form.Label>
              <DateInput size="sm" value={to} onChange={(value) => value && set({ to: value })} />
            </Form.Group>
          </>
        ) : (
          <p className="small text-body-secondary mb-1" data-testid="report-days">
            {formatDate(from)} – {formatDate(to)}
          </p>
        )}
        {GROUPED.includes(name) && (
          <Form.Group controlId="report-group">
            <Form.Label className="small mb-1">{t("reports.groupBy")}</Form.Label>
            <Form.Select size="sm" value={group} onChange={(e) => set({ group: e.target.value })}>
              {(["day", "week", "month"] as const).map((g) => (
                <option key={g} value={g}>
                  {t(`reports.groups.${g}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <CompareSelect value={compare} onChange={(next) => set({ compare: next })} />
        {name === "products" && (
          <Form.Group controlId="report-by">
            <Form.Label className="small mb-1">{t("reports.by")}</Form.Label>
            <Form.Select size="sm" value={by} onChange={(e) => set({ by: e.target.value })}>
              {(["product", "category"] as const).map((b) => (
                <option key={b} value={b}>
                  {t(`reports.byOptions.${b}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
      </Form>

      <div id="report-body" role="tabpanel" aria-label={t(`reports.names.${name}`)}>
        {report.isError && (
          <Alert variant="danger" role="alert">
            {report.error instanceof Error ? report.error.message : t("reports.loadFailed")}
          </Alert>
        )}

        <Row className="g-3 mb-3" as="section" aria-label={t("reports.figures")}>
          {FIGURES[name].map((f) => (
            <Col key={f.key} xs={12} sm={6} xl={3}>
              <Card className="h-100 shadow-sm border-0 report-card">
                <Card.Body>
                  <h3 className="h6 text-body-secondary mb-1">{t(`reports.${f.label}`)}</h3>
                  <p className="fs-4 mb-1" data-testid={`report-total-${f.key}`}>
                    {answer ? write(totals[f.key], f.kind) : "…"}
                  </p>
                  {answer && (
                    <Change
                      current={Number(totals[f.key] ?? 0)}
                      previous={Number(previous[f.key] ?? 0)}
                      compare={answer.compare}
                    />
                  )}
                </Card.Body>
              </Card>
            </Col>
          ))}
        </Row>
        {answer && (
          <p className="small text-body-secondary">
            {t("reports.previousRange", {
              from: formatDate(answer.previous_range.from),
              to: formatDate(answer.previous_range.to),
            })}
          </p>
        )}

        <Card className="shadow-sm border-0 mb-3 report-chart">
          <Card.Body>
            <Suspense
              fallback={<div className="placeholder w-100" style={{ aspectRatio: "3 / 1" }} />}
            >
              <ReportChart
                title={t(`reports.chartTitle.${name}`)}
                labels={series.map((row) =>
                  write(
                    row[CHARTED[name].label],
                    CHARTED[name].label === "period" ? "period" : "text",
                  ),
                )}
                values={series.map((row) => Number(row[CHARTED[name].value] ?? 0))}
                describe={(value) => write(value, CHARTED[name].kind)}
                {...(hasCompared(answer)
                  ? {
                      compared: {
                        title: t("reports.compared"),
                        values: comparedValues(answer, CHARTED[name].value).map((v) =>
                          v === undefined ? null : Number(v),
                        ),
                      },
                    }
                  : {})}
              />
            </Suspense>
          </Card.Body>
        </Card>

        {/* Scrolled sideways by keyboard on a phone (components/ScrollingTable.tsx). */}
        <ScrollingTable label={t(`reports.names.${name}`)}>
          <ReportTable
            name={name}
            rows={series}
            compared={hasCompared(answer) ? comparedValues(answer, CHARTED[name].value) : undefined}
          />
        </ScrollingTable>
        {name === "members" && answer && (
          <MembersTables report={answer as ReportAnswer<"members">} />
        )}
      </div>
    </div>
  );
}

/** The report's rows; `compared`: the charted figure over the range compared, beside each row. */
function ReportTable({
  name,
  rows,
  compared,
}: {
  name: ReportName;
  rows: SeriesRow[];
  compared?: unknown[];
}) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const byProduct = name === "products" && (search.get("by") ?? "product") === "product";
  // A product's units returned are answered by product only.
  const columns = COLUMNS[name].filter(
    (c) => name !== "products" || byProduct || c.key !== "returned",
  );
  return (
    <Table size="sm" className="report-table" aria-label={t(`reports.names.${name}`)}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th
              key={c.key}
              scope="col"
              className={c.kind === "text" || c.kind === "period" ? "" : "text-end"}
            >
              {t(`reports.${c.label}`)}
            </th>
          ))}
          {compared && <ComparedHeader name={name} />}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && <NothingInRange columns={columns.length + (compared ? 1 : 0)} />}
        {rows.map((row, i) => (
          <tr key={String(row.period ?? row.id ?? row.state ?? row.coupon_code ?? i)}>
            {columns.map((c) => (
              <td
                key={c.key}
                className={c.kind === "text" || c.kind === "period" ? "" : "text-end"}
              >
                {name === "products" && c.key === "name" ? (
                  row.id === null ? (
                    <em>{t("reports.noLongerListed")}</em>
                  ) : byProduct ? (
                    <Link to={`/editProduct?pid=${row.id}`}>{String(row.name)}</Link>
                  ) : (
                    String(row.name)
                  )
                ) : name === "regions" && c.key === "state" && row.state === "" ? (
                  <em>{t("reports.noState")}</em>
                ) : (
                  write(row[c.key], c.kind)
                )}
              </td>
            ))}
            {compared && (
              <td className="text-end text-body-secondary">
                {compared[i] === undefined ? "" : write(compared[i], CHARTED[name].kind)}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The compared column's header: the charted figure's name, compared. */
function ComparedHeader({ name }: { name: ReportName }) {
  const { t } = useTranslation();
  const column = COLUMNS[name].find((c) => c.key === CHARTED[name].value);
  return (
    <th scope="col" className="text-end">
      {t("reports.comparedColumn", { label: column ? t(`reports.${column.label}`) : "" })}
    </th>
  );
}
