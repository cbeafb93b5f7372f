import type { Cp58YearStatements } from "@store/contract";
import { useState } from "react";
import { Button, Form, Spinner, Table } from "react-bootstrap";
import { useCp58Year, useDownloadCp58, useRunCp58 } from "../../api/cp58";
import {
  PageHeader,
  PartsProgress,
  ScrollingTable,
  showToast,
  TableSkeleton,
} from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatCount, formatDateTime, formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import type { ScreenProps } from "../../resources/define";
import { errorText as jobErrorText } from "../jobs/jobText";

/** The years offered: the last seven that have ended, newest first. */
function endedYears(): number[] {
  const last = new Date().getFullYear() - 1;
  return Array.from({ length: 7 }, (_, i) => last - i);
}

/** The year's run: under way (its progress), or when it last ended and how. */
function RunState({ year }: { year: Cp58YearStatements }) {
  const { job } = year;
  if (!job) return <p className="text-muted mb-0">{translate("Not run for this year yet.")}</p>;
  if (job.status === "queued" || job.status === "running") {
    const { done, total } = job.progress;
    const doing = translate("Making the statements…");
    if (total <= 0)
      return (
        <output className="small d-inline-flex align-items-center gap-1">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          {doing}
        </output>
      );
    return (
      <PartsProgress
        done={done}
        total={total}
        said={translate("{{doing}} {{done}} of {{total}}", { doing, done, total })}
        minWidth={160}
        striped
      />
    );
  }
  if (job.status === "done")
    return (
      <p className="mb-0">
        {translate("Last run {{when}}.", { when: formatDateTime(job.finished_at) })}
      </p>
    );
  return (
    <p className="text-danger mb-0">
      {translate("The last run failed: {{error}}", {
        error: job.last_error ? jobErrorText(job.last_error) : job.status,
      })}
    </p>
  );
}

/**
 * /taxStatements: a year's CP58 statements (docs/decisions/cp58.md). The run makes a
 * statement for each member paid more than RM 5,000.00 in commissions that
 * year; each downloads as a PDF (it prints the NRIC: kyc:view).
 */
export default function Cp58Page({ screen }: ScreenProps) {
  const years = endedYears();
  const [year, setYear] = useState(years[0] ?? 2000);
  const query = useCp58Year(year);
  const run = useRunCp58();
  const download = useDownloadCp58();
  const mayRun = useCan("payouts:manage");
  const mayDownload = useCan("kyc:view");
  const data = query.data;
  const running = data?.job?.status === "queued" || data?.job?.status === "running";

  const onRun = () =>
    run.mutate(year, {
      onSuccess: () =>
        showToast(translate("The CP58 run for {{year}} has started.", { year }), "success"),
    });
  const onDownload = (userId: number) =>
    download.mutate(
      { userId, year },
      {
        onSuccess: (file) => showToast(translate("{{file}} downloaded.", { file }), "success"),
      },
    );

  return (
    <>
      <PageHeader title={translate(screen.title)} />
      <div className="card p-3 mb-3">
        <div className="d-flex flex-wrap align-items-end gap-3">
          <Form.Group controlId="cp58-year">
            <Form.Label>{translate("Year")}</Form.Label>
            <Form.Select value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          {mayRun && (
            <Button onClick={onRun} disabled={run.isPending || running || data?.ended === false}>
              {translate("Run for the year")}
            </Button>
          )}
          {data && <RunState year={data} />}
        </div>
        <p className="small text-muted mt-2 mb-0">
          {translate(
            "A statement for each member paid more than RM 5,000.00 in commissions in the year, to be given to them by 31 March of the next year.",
          )}
        </p>
      </div>
      {query.isPending ? (
        <TableSkeleton />
      ) : query.isError ? (
        <p className="text-danger">{errorText(query.error)}</p>
      ) : (
        <ScrollingTable label={translate("CP58 statements of {{year}}", { year })}>
          <Table hover className="mb-0">
            <caption className="caption-top">
              {translate("Statements: {{count}}, in all {{total}}", {
                count: formatCount(data?.members ?? 0),
                total: formatMoney(data?.total ?? "0"),
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{translate("Member")}</th>
                <th scope="col">{translate("Name")}</th>
                <th scope="col" className="text-end">
                  {translate("Commissions in cash")}
                </th>
                <th scope="col" className="text-end">
                  {translate("Incentives in cash")}
                </th>
                <th scope="col" className="text-end">
                  {translate("In kind")}
                </th>
                <th scope="col" className="text-end">
                  {translate("Total")}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{translate("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data?.statements.length === 0 && (
                <tr>
                  <td colSpan={7} className="text-muted">
                    {translate("No statements for this year.")}
                  </td>
                </tr>
              )}
              {data?.statements.map((s) => (
                <tr key={s.user_id}>
                  <td>{s.username}</td>
                  <td>{s.name}</td>
                  <td className="text-end">{formatMoney(s.commissions)}</td>
                  <td className="text-end">{formatMoney(s.incentives)}</td>
                  <td className="text-end">{formatMoney(s.in_kind)}</td>
                  <td className="text-end">{formatMoney(s.total)}</td>
                  <td className="text-nowrap">
                    {mayDownload && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={download.isPending}
                        onClick={() => onDownload(s.user_id)}
                        aria-label={translate("Download the CP58 of {{name}}", {
                          name: s.username,
                        })}
                      >
                        {translate("PDF")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollingTable>
      )}
    </>
  );
}
