import { type ReactNode, useEffect, useState } from "react";
import { Alert, Card, Col, Row } from "react-bootstrap";
import { useDashboardSummary } from "../../api/dashboard";
import { useTranslation } from "../../i18n";
import { formatCount, formatMoney } from "../../lib/format";
import { grants, useHeldPermissions } from "../../lib/permissions";
import { BooksBalance } from "./BooksBalance";
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

type Figure = keyof typeof import("@store/contract").DASHBOARD_FIGURE_AREAS;

/**
 * The area whose view each figure needs: the contract's DASHBOARD_FIGURE_AREAS,
 * repeated so this page's download holds no zod (test/dashboardCards.test.tsx keeps them equal).
 */
export const FIGURE_AREAS: Record<Figure, "orders" | "catalog" | "members" | "wallets"> = {
  total_revenue: "orders",
  total_orders: "orders",
  total_products: "catalog",
  total_users: "members",
  users_by_membership: "members",
  new_users_by_month: "members",
  books_balance: "wallets",
};

/** A count as shown, or undefined (the card's placeholder) until it is there. */
const count = (value: number | undefined) => (value === undefined ? undefined : formatCount(value));

/**
 * /admin: four totals and two charts, from the one summary call. The server
 * answers only the figures of areas the person may view; a card without its
 * figure is not drawn (while loading, the person's permissions say which).
 */
export default function DashboardPage() {
  const { data, isPending, isError } = useDashboardSummary();
  const { t } = useTranslation();
  const charts = useCharts();
  const held = useHeldPermissions();
  const shows = (figure: Figure) =>
    data ? data[figure] !== undefined : grants(held, `${FIGURE_AREAS[figure]}:view`);
  return (
    <>
      <h1 className="h4 mb-3">{t("dashboard.title")}</h1>
      {isError && <Alert variant="danger">{t("dashboard.loadFailed")}</Alert>}
      <Row className="g-3 mb-3">
        {shows("total_revenue") && (
          <SummaryCard
            id="card-total-revenue"
            title={t("dashboard.totalRevenue")}
            value={data?.total_revenue === undefined ? undefined : formatMoney(data.total_revenue)}
          />
        )}
        {shows("total_orders") && (
          <SummaryCard
            id="card-total-orders"
            title={t("dashboard.totalOrders")}
            value={count(data?.total_orders)}
          />
        )}
        {shows("total_products") && (
          <SummaryCard
            id="card-total-products"
            title={t("dashboard.totalProducts")}
            value={count(data?.total_products)}
          />
        )}
        {shows("total_users") && (
          <SummaryCard
            id="card-total-users"
            title={t("dashboard.totalUsers")}
            value={count(data?.total_users)}
          />
        )}
      </Row>
      {shows("books_balance") && data && <BooksBalance books={data.books_balance ?? null} />}
      <Row className="g-3">
        {shows("users_by_membership") && (
          <ChartCard
            id="chart-user-types-status-quo"
            title={t("dashboard.userTypes")}
            loading={isPending || !charts}
          >
            {data?.users_by_membership && charts && (
              <charts.UserTypesChart tiers={data.users_by_membership} />
            )}
          </ChartCard>
        )}
        {shows("new_users_by_month") && (
          <ChartCard
            id="chart-new-users-current-year-"
            title={t("dashboard.newUsers")}
            loading={isPending || !charts}
          >
            {data?.new_users_by_month && charts && (
              <charts.NewUsersChart year={data.year} counts={data.new_users_by_month} />
            )}
          </ChartCard>
        )}
      </Row>
    </>
  );
}
