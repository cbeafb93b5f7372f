import { type ReactNode, useEffect, useState } from "react";
import { Alert, Card, Col, Row } from "react-bootstrap";
import { useDashboardSummary } from "../../api/dashboard";
import { useTranslation } from "../../i18n";
import { formatCount, formatMoney } from "../../lib/format";
import { loadCharts } from "./loadCharts";

/** The charts' components once their code is there; until then their cards keep the placeholder. */
function useCharts() {
  const [charts, setCharts] = useState(loadCharts.loaded);
  useEffect(() => {
    if (charts) return;
    let mounted = true;
    loadCharts().then(
      (loaded) => mounted && setCharts(loaded),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [charts]);
  return charts;
}

function SummaryCard({ id, title, value }: { id: string; title: string; value: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Col xs={12} sm={6} xl={3}>
      <Card as="section" aria-labelledby={id} className="h-100 shadow-sm border-0">
        <Card.Body>
          <h2 id={id} className="h6 text-muted mb-2">
            {title}
          </h2>
          {value === undefined ? (
            <output className="placeholder-glow d-block" aria-label={t("common.loading")}>
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
  id,
  title,
  loading,
  children,
}: {
  id: string;
  title: string;
  loading: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
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
            <output className="placeholder-glow d-block" aria-label={t("common.loading")}>
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
  const { t } = useTranslation();
  const charts = useCharts();
  return (
    <>
      <h1 className="h4 mb-3">{t("dashboard.title")}</h1>
      {isError && <Alert variant="danger">{t("dashboard.loadFailed")}</Alert>}
      <Row className="g-3 mb-3">
        <SummaryCard
          id="card-total-revenue"
          title={t("dashboard.totalRevenue")}
          value={data && formatMoney(data.total_revenue)}
        />
        <SummaryCard
          id="card-total-orders"
          title={t("dashboard.totalOrders")}
          value={data && formatCount(data.total_orders)}
        />
        <SummaryCard
          id="card-total-products"
          title={t("dashboard.totalProducts")}
          value={data && formatCount(data.total_products)}
        />
        <SummaryCard
          id="card-total-users"
          title={t("dashboard.totalUsers")}
          value={data && formatCount(data.total_users)}
        />
      </Row>
      <Row className="g-3">
        <ChartCard
          id="chart-user-types-status-quo"
          title={t("dashboard.userTypes")}
          loading={isPending || !charts}
        >
          {data && charts && <charts.UserTypesChart tiers={data.users_by_membership} />}
        </ChartCard>
        <ChartCard
          id="chart-new-users-current-year-"
          title={t("dashboard.newUsers")}
          loading={isPending || !charts}
        >
          {data && charts && (
            <charts.NewUsersChart year={data.year} counts={data.new_users_by_month} />
          )}
        </ChartCard>
      </Row>
    </>
  );
}
