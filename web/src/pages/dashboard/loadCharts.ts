import { loadOnce } from "../../lib/loadOnce";

/**
 * The two charts' code (chart.js, 59 kB gzipped) in a chunk of its own,
 * asked for with the page's (routes.tsx): /admin's first render does not wait
 * for it, and the charts are drawn once it and the figures are there.
 */
export const loadCharts = loadOnce(() => import("./charts"));
