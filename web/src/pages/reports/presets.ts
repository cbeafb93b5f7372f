/** The report screen's preset ranges: which days each names. */
export const PRESETS = ["today", "last7", "thisMonth", "lastMonth", "thisYear", "custom"] as const;
export type Preset = (typeof PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The days of a preset, in the back office's clock (the browser's, as every screen's dates). */
export function presetRange(preset: Exclude<Preset, "custom">, now = new Date()) {
  const y = now.getFullYear();
  const m = now.getMonth();
  const today = dayOf(now);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "last7":
      return { from: dayOf(new Date(y, m, now.getDate() - 6)), to: today };
    case "thisMonth":
      return { from: dayOf(new Date(y, m, 1)), to: today };
    case "lastMonth":
      return { from: dayOf(new Date(y, m - 1, 1)), to: dayOf(new Date(y, m, 0)) };
    case "thisYear":
      return { from: dayOf(new Date(y, 0, 1)), to: today };
  }
}
