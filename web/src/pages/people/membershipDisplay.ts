import { REQUIREMENT_UNITS, type RequirementCondition } from "@store/contract";

/** "12.50" → "12.5", "3.00" → "3": requirements and percentages read as plain numbers. */
export function plainNumber(value: string | number): string {
  const text = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return "0";
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/** docs/REQUIREMENTS.md section 5: a percentage shows as 0 unless it is at least 0 and below 100. */
export function shownPercentage(value: string | number): string {
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n < 100 ? plainNumber(value) : "0";
}

/** PV for "pv", Down Line for "down-line". */
export function requirementUnit(condition: string): string {
  return REQUIREMENT_UNITS[condition as RequirementCondition] ?? condition;
}
