type Charts = typeof import("./charts");

let loaded: Charts | undefined;
let loading: Promise<Charts> | undefined;

/**
 * The two charts' code (chart.js, 59 kB gzipped) in a chunk of its own,
 * asked for with the page's (routes.tsx): /admin's first render does not wait
 * for it, and the charts are drawn once it and the figures are there.
 */
export function loadCharts(): Promise<Charts> {
  loading ??= import("./charts").then(
    (charts) => {
      loaded = charts;
      return charts;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The charts' code if it has arrived. */
export const loadedCharts = (): Charts | undefined => loaded;
