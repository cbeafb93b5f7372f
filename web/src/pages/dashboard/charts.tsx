import {
  CHART_ASPECT_RATIO,
  type DashboardSummary,
  DOUGHNUT_CUTOUT,
  MONTHS,
} from "@store/contract";
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { Bar, Doughnut } from "react-chartjs-2";
import { useTranslation } from "../../i18n";
import { monthNames } from "../../lib/format";
import { type Theme, useTheme } from "../../lib/theme";

// Only the parts these two charts draw with (the chart types register themselves).
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const TIER_COLOURS = ["#6c757d", "#adb5bd", "#f0ad4e", "#5bc0de", "#0d6efd", "#20c997", "#d63384"];

// Drawn at once: the figures are there when the page is, and a second of
// animation would only delay a dashboard that is otherwise complete.
const doughnutOptions: ChartOptions<"doughnut"> = {
  animation: false,
  responsive: true,
  maintainAspectRatio: true,
  aspectRatio: CHART_ASPECT_RATIO,
  cutout: DOUGHNUT_CUTOUT,
  plugins: { legend: { position: "right" } },
};

const barOptions: ChartOptions<"bar"> = {
  animation: false,
  responsive: true,
  maintainAspectRatio: true,
  aspectRatio: CHART_ASPECT_RATIO,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
};

/** Text, grid and slice edges in the colour mode's own colours (docs/decisions/dark-mode.md). */
function ink(theme: Theme) {
  return theme === "dark"
    ? { text: "#dee2e6", grid: "rgba(255, 255, 255, 0.15)", edge: "#212529" }
    : { text: "#495057", grid: "rgba(0, 0, 0, 0.1)", edge: "#ffffff" };
}

function themedDoughnut(theme: Theme): ChartOptions<"doughnut"> {
  const { text, edge } = ink(theme);
  return {
    ...doughnutOptions,
    color: text,
    borderColor: edge,
    plugins: { legend: { position: "right", labels: { color: text } } },
  };
}

function themedBar(theme: Theme): ChartOptions<"bar"> {
  const { text, grid } = ink(theme);
  return {
    ...barOptions,
    color: text,
    scales: {
      x: { ticks: { color: text }, grid: { color: grid } },
      y: { beginAtZero: true, ticks: { precision: 0, color: text }, grid: { color: grid } },
    },
  };
}

/** "User Types Status Quo": users per membership tier. */
export function UserTypesChart({
  tiers,
}: {
  tiers: NonNullable<DashboardSummary["users_by_membership"]>;
}) {
  const { t } = useTranslation();
  const label = tiers.map((tier) => `${tier.membership} ${tier.users}`).join(", ");
  const { theme } = useTheme();
  return (
    <Doughnut
      role="img"
      aria-label={t("dashboard.usersByMembership", { label })}
      options={themedDoughnut(theme)}
      data={{
        labels: tiers.map((tier) => tier.membership),
        datasets: [
          {
            label: t("dashboard.usersDataset"),
            data: tiers.map((tier) => tier.users),
            backgroundColor: tiers.map((_, i) => TIER_COLOURS[i % TIER_COLOURS.length]!),
          },
        ],
      }}
    />
  );
}

/** "New Users (current year)": twelve monthly buckets, Jan to Dec. */
export function NewUsersChart({ year, counts }: { year: number; counts: number[] }) {
  const { t } = useTranslation();
  const months = monthNames(MONTHS);
  const label = months.map((m, i) => `${m} ${counts[i] ?? 0}`).join(", ");
  const { theme } = useTheme();
  return (
    <Bar
      role="img"
      aria-label={t("dashboard.newUsersPerMonth", { year, label })}
      options={themedBar(theme)}
      data={{
        labels: months,
        datasets: [
          { label: t("dashboard.newUsersDataset"), data: counts, backgroundColor: "#0d6efd" },
        ],
      }}
    />
  );
}
