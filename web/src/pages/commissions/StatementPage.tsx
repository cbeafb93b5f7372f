import type { CommissionStatement } from "@store/contract";
import { Badge, Col, Form, Row, Table } from "react-bootstrap";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { statementFileUrl, useCommissionPeriods, useStatement } from "../../api/commissions";
import { Field, PageHeader, ScrollingTable, TableSkeleton } from "../../components";
import { MemberPicker } from "../../components/MemberPicker";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { useResources } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { LINE_STATE_STYLE, percentText, periodName } from "./periodText";
import { RankHistory } from "./RankChanges";
import { EmptyRow, TableHead } from "./tables";

/** The periods a statement can be of: the newest hundred (a hundred months). */
const PERIOD_CHOICES = { _page: 1, _limit: 100 };

/** A positive whole number from the address, else null. */
const idOf = (raw: string | null) =>
  raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

/** Earned, and where it stands: held, released, paid at once, reversed, and what is still owed. */
function Totals({ statement }: { statement: CommissionStatement }) {
  const items: [string, string][] = [
    ["Earned", statement.earned],
    ["Held", statement.held],
    ["Released", statement.released],
    ["Paid at once", statement.paid],
    ["Reversed", statement.reversed],
    ["Owed", statement.owed],
  ];
  return (
    <dl className="row mb-0" data-testid="statement-totals">
      {items.map(([label, amount]) => (
        <div key={label} className="col-6 col-md-4 col-xl-2 mb-2">
          <dt className="small text-muted fw-normal">{translate(label)}</dt>
          <dd className="h5 mb-0">{formatMoney(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The lines of the statement: what each order paid the member at one level, and its state. */
function Lines({ statement }: { statement: CommissionStatement }) {
  const resources = useResources();
  return (
    <ScrollingTable label={translate("Commission lines")}>
      <Table size="sm" className="mb-0 align-middle" aria-label={translate("Commission lines")}>
        <TableHead
          heads={[
            { text: translate("Order") },
            { text: translate("Completed") },
            { text: translate("Buyer") },
            { text: translate("Level"), figure: true },
            { text: translate("Rate"), figure: true },
            { text: translate("Base"), figure: true },
            { text: translate("Amount"), figure: true },
            { text: translate("Status") },
          ]}
        />
        <tbody>
          {statement.lines.map((line) => {
            const style = LINE_STATE_STYLE[line.state];
            return (
              <tr key={`${line.orders_id}-${line.level}`}>
                <td>
                  <Link to={resources.editLink("order", line.orders_id)}>
                    {translate("{{field}} #{{id}}", {
                      field: translate("Order"),
                      id: line.orders_id,
                    })}
                  </Link>
                </td>
                <td className="text-nowrap">{formatDateTime(line.completed_at)}</td>
                <td>{line.buyer_username ?? "-"}</td>
                <td className="text-end">{line.level}</td>
                <td className="text-end">{percentText(line.percent)}</td>
                <td className="text-end text-nowrap">{formatMoney(line.base_amount)}</td>
                <td className="text-end text-nowrap">{formatMoney(line.amount)}</td>
                <td>
                  <Badge bg={style.bg} text={style.text}>
                    {translate(style.label)}
                  </Badge>
                </td>
              </tr>
            );
          })}
          {statement.lines.length === 0 && (
            <EmptyRow columns={8}>
              {translate("No commissions for this member in this period.")}
            </EmptyRow>
          )}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}

/**
 * /commissionStatement?uid={user_id}&period={period_id}: a member's
 * commissions in one period (the newest unless one is chosen): each order's
 * line, the totals per level, where the money stands, and the statement as
 * CSV or PDF; under it the member's rank history.
 */
export default function StatementPage({ resource, screen }: ScreenProps) {
  const resources = useResources();
  const mayViewWallets = useCan("wallets:view");
  const [search, setSearch] = useSearchParams();
  const userId = idOf(search.get(screen.param ?? "uid"));
  const periods = useCommissionPeriods(PERIOD_CHOICES);
  const choices = periods.data?.rows ?? [];
  const periodId = idOf(search.get("period")) ?? choices[0]?.period_id ?? null;
  const statement = useStatement(userId, periodId);
  const data = statement.data;
  const unknown = statement.error instanceof ApiError && statement.error.status === 404;

  const choose = (name: string, value: string) =>
    setSearch(
      (now) => {
        const next = new URLSearchParams(now);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={screen.title} backTo={resource.list.path}>
        {userId !== null && periodId !== null && data && (
          <>
            <a
              className="btn btn-outline-secondary"
              href={statementFileUrl(userId, periodId, "csv")}
              download
            >
              {translate("Download CSV")}
            </a>
            <a
              className="btn btn-outline-secondary"
              href={statementFileUrl(userId, periodId, "pdf")}
              download
            >
              {translate("Download PDF")}
            </a>
          </>
        )}
      </PageHeader>
      <div className="card p-3 mb-3">
        <Row className="g-3">
          <Col md={6}>
            <Field htmlFor="statement-member" label="Member" className="mb-0">
              {(aria) => (
                <MemberPicker
                  {...aria}
                  value={userId === null ? "" : String(userId)}
                  onChange={(value) => choose(screen.param ?? "uid", value)}
                />
              )}
            </Field>
          </Col>
          <Col md={6}>
            <Field htmlFor="statement-period" label="Period" className="mb-0">
              {(aria) => (
                <Form.Select
                  {...aria}
                  value={periodId === null ? "" : String(periodId)}
                  onChange={(e) => choose("period", e.target.value)}
                  disabled={choices.length === 0}
                >
                  {choices.length === 0 && <option value="">{translate("No periods yet")}</option>}
                  {choices.map((p) => (
                    <option key={p.period_id} value={p.period_id}>
                      {periodName(p)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </Field>
          </Col>
        </Row>
      </div>
      {userId === null ? (
        <p className="text-muted">{translate("Choose a member to see their statement.")}</p>
      ) : statement.error ? (
        <p className="text-muted" role="alert">
          {unknown
            ? translate("No statement: the member or the period could not be found.")
            : errorText(statement.error)}
        </p>
      ) : (periodId !== null || periods.isLoading) && !data ? (
        <TableSkeleton />
      ) : (
        data && (
          <>
            <div className="card p-3 mb-3">
              <div className="d-flex flex-wrap justify-content-between gap-2 mb-3">
                <h2 className="h5 mb-0">
                  {translate("{{name}} · {{period}}", {
                    name: data.username,
                    period: periodName(data.period),
                  })}
                </h2>
                {mayViewWallets && (
                  <Link to={resources.link("userWallets", "statement", data.user_id)}>
                    {translate("Wallet Statement")}
                  </Link>
                )}
              </div>
              <Totals statement={data} />
            </div>
            <Row className="g-3">
              <Col xs={12} xl={9}>
                <div className="card p-3">
                  <Lines statement={data} />
                </div>
              </Col>
              <Col xs={12} xl={3}>
                <div className="card p-3">
                  <h2 className="h6">{translate("By level")}</h2>
                  <Table size="sm" className="mb-0" aria-label={translate("By level")}>
                    <TableHead
                      heads={[
                        { text: translate("Level") },
                        { text: translate("Amount"), figure: true },
                      ]}
                    />
                    <tbody>
                      {data.levels.map((l) => (
                        <tr key={l.level}>
                          <td>{l.level}</td>
                          <td className="text-end text-nowrap">{formatMoney(l.amount)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </div>
              </Col>
            </Row>
          </>
        )
      )}
      {userId !== null && !unknown && <RankHistory userId={userId} periods={choices} />}
    </>
  );
}
