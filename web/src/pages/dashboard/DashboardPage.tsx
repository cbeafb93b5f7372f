import type { ReactNode } from "react";
import { Alert, Card, Col, Row } from "react-bootstrap";
import { useDashboardSummary } from "../../api/dashboard";
import { formatMoney } from "../../lib/format";
import { NewUsersChart, UserTypesChart } from "./charts";

function SummaryCard({ title, value }: { title: string; value: ReactNode }) {
  const id = `card-${title.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <Col xs={12} sm={6} xl={3}>
      <Card as="section" aria-labelledby={id} className="h-100 shadow-sm border-0">
        <Card.Body>
          <h2 id={id} className="h6 text-muted mb-2">
            {title}
          </h2>
          {value === undefined ? (
            <output className="placeholder-glow d-block" aria-label="Loading">
              <span className="placeholder col-7" style={{ height: 30 }} />
            </output>
          ) : (
            <p className="dashboard-card-value">{value}</p>
          )}
        </Card.Body>
      </Card>
    </Col>
  );
}

function ChartCard({
  title,
  loading,
  children,
}: {
  title: string;
  loading: boolean;
  children: ReactNode;
}) {
  const id = `chart-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <Col xs={12} lg={6}>
      <Card as="section" aria-labelledby={id} className="h-100 shadow-sm border-0">
        <Card.Header className="bg-white">
          <h2 id={id} className="h6 m-0">
            {title}
          </h2>
        </Card.Header>
        <Card.Body>
          {loading ? (
            <output className="placeholder-glow d-block" aria-label="Loading">
              <span
                className="placeholder w-100"
                style={{ aspectRatio: "5 / 3", display: "block" }}
              />
            </output>
          ) : (
            children
          )}
        </Card.Body>
      </Card>
    </Col>
  );
}

/** /admin: four totals and two charts, from the one summary call. */
export default function DashboardPage() {
  const { data, isPending, isError } = useDashboardSummary();
  return (
    <>
      <h1 className="h4 mb-3">Dashboard</h1>
      {isError && <Alert variant="danger">The dashboard figures could not be loaded.</Alert>}
      <Row className="g-3 mb-3">
        <SummaryCard title="Total Revenue" value={data && formatMoney(data.total_revenue)} />
        <SummaryCard title="Total Orders" value={data?.total_orders.toLocaleString("en-GB")} />
        <SummaryCard title="Total Products" value={data?.total_products.toLocaleString("en-GB")} />
        <SummaryCard title="Total Users" value={data?.total_users.toLocaleString("en-GB")} />
      </Row>
      <Row className="g-3">
        <ChartCard title="User Types Status Quo" loading={isPending}>
          {data && <UserTypesChart tiers={data.users_by_membership} />}
        </ChartCard>
        <ChartCard title="New Users (current year)" loading={isPending}>
          {data && <NewUsersChart year={data.year} counts={data.new_users_by_month} />}
        </ChartCard>
      </Row>
    </>
  );
}
