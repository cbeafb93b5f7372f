import { CHART_ASPECT_RATIO } from "@store/contract";
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  Tooltip,
} from "chart.js";
import { Bar } from "react-chartjs-2";
import { useTheme } from "../../lib/theme";

// The dashboard's chart library (docs/decisions/reports-rollups.md): bars only.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/**
 * One report's series as bars, and the range compared beside them (`compared`:
 * a value per row, null where it has none); its figures also read out in the
 * label (the table holds them all).
 */
export default function ReportChart({
  title,
  labels,
  values,
  describe,
  compared,
}: {
  title: string;
  labels: string[];
  values: number[];
  describe: (value: number) => string;
  compared?: { title: string; values: (number | null)[] };
}) {
  const { theme } = useTheme();
  const text = theme === "dark" ? "#dee2e6" : "#495057";
  const grid = theme === "dark" ? "rgba(255, 255, 255, 0.15)" : "rgba(0, 0, 0, 0.1)";
  const options: ChartOptions<"bar"> = {
    animation: false,
    responsive: true,
    maintainAspectRatio: true,
    aspectRatio: CHART_ASPECT_RATIO * 1.8,
    plugins: {
      legend: { display: !!compared, labels: { color: text } },
      tooltip: { callbacks: { label: (item) => describe(Number(item.raw)) } },
    },
    scales: {
      x: { ticks: { color: text }, grid: { color: grid } },
      y: { beginAtZero: true, ticks: { color: text }, grid: { color: grid } },
    },
  };
  const beside = (i: number) => {
    const value = compared?.values[i];
    return compared && value !== null && value !== undefined
      ? ` (${compared.title} ${describe(value)})`
      : "";
  };
  const label = labels
    .map((l, i) => `${l} ${describe(values[i] ?? 0)}${beside(i)}`)
    .slice(0, 40)
    .join(", ");
  return (
    <Bar
      role="img"
      aria-label={`${title}: ${label}`}
      options={options}
      data={{
        labels,
        datasets: [
          { label: title, data: values, backgroundColor: "#0d6efd" },
          ...(compared
            ? [{ label: compared.title, data: compared.values, backgroundColor: "#adb5bd" }]
            : []),
        ],
      }}
    />
  );
}
