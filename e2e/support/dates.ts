/**
 * A date as the DateInput field is typed (components/DateInput.tsx):
 * "2026-11-05" → "05/11/2026", "2026-11-05T09:05" → "05/11/2026 09:05".
 */
export function typedDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(iso);
  if (!m) return iso;
  const day = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] === undefined ? day : `${day} ${m[4]}:${m[5]}`;
}
