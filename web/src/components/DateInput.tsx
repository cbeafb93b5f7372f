import { forwardRef, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-bootstrap";
import { translate } from "../i18n/messages";

/**
 * A date typed and shown dd/mm/yyyy (with `time`, "dd/mm/yyyy HH:mm",
 * 24-hour) whatever the browser's locale, where <input type="date"> showed
 * mm/dd/yyyy in an en-US browser. Its value stays the wire's: "yyyy-mm-dd",
 * or with `time` the "yyyy-mm-ddTHH:mm" of <input type="datetime-local">, so
 * it takes the place of either without changing what is sent.
 * docs/decisions/date-input.md says why it is a typed field without a library.
 */
export interface DateInputProps {
  /** "yyyy-mm-dd" ("yyyy-mm-ddTHH:mm" with `time`), or "" for none. */
  value: string;
  /** A complete, real date (or "" once the field is emptied); nothing while one is half typed. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  time?: boolean;
  id?: string;
  name?: string;
  size?: "sm" | "lg";
  className?: string;
  style?: React.CSSProperties;
  isInvalid?: boolean;
  "aria-label"?: string;
  "aria-invalid"?: true | undefined;
  "aria-describedby"?: string | undefined;
}

const TYPED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T,]+(\d{1,2})[:.](\d{2}))?$/;
const WIRE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/;
const pad = (n: number) => String(n).padStart(2, "0");

/** The field's text for a wire value: "2026-11-05" → "05/11/2026". */
export function formatDateInput(value: string, time = false): string {
  const m = WIRE.exec(value);
  if (!m) return "";
  const day = `${m[3]}/${m[2]}/${m[1]}`;
  return time ? `${day} ${m[4] ?? "00"}:${m[5] ?? "00"}` : day;
}

/**
 * The wire value of typed text: "5/11/2026" → "2026-11-05"; with `time`,
 * "5/11/2026 14:30" → "2026-11-05T14:30" (a day alone is its midnight).
 * "" for empty text, undefined for text that is no real date (31/04, 13 as month).
 */
export function parseDateInput(text: string, time = false): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const m = TYPED.exec(trimmed);
  if (!m) return undefined;
  const [day, month, year, hours = 0, minutes = 0] = m.slice(1).map((p) => Number(p ?? 0));
  if (m[4] !== undefined && !time) return undefined;
  const date = new Date(2000, 0, 1);
  date.setFullYear(year ?? 0, (month ?? 1) - 1, day);
  const real =
    date.getFullYear() === year &&
    date.getMonth() === (month ?? 1) - 1 &&
    date.getDate() === day &&
    (hours ?? 0) < 24 &&
    (minutes ?? 0) < 60 &&
    (year ?? 0) >= 1000;
  if (!real) return undefined;
  const iso = `${year}-${pad(month ?? 1)}-${pad(day ?? 1)}`;
  return time ? `${iso}T${pad(hours ?? 0)}:${pad(minutes ?? 0)}` : iso;
}

/**
 * The shared date field: a text box with the format as its placeholder, a
 * value handed on only once it is a real date, and, on leaving a field whose
 * text is no date, its own message (tied by aria-describedby) instead of a
 * silently ignored entry. Keyboard and screen readers use it as any text box.
 */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  {
    value,
    onChange,
    onBlur,
    time = false,
    isInvalid,
    "aria-describedby": describedBy,
    "aria-invalid": ariaInvalid,
    ...props
  },
  ref,
) {
  const [text, setText] = useState(() => formatDateInput(value, time));
  const [wrong, setWrong] = useState(false);
  // The value this field handed on last: any other is the form's (a reset, a reload).
  const handed = useRef(value);
  useEffect(() => {
    if (value === handed.current) return;
    handed.current = value;
    setText(formatDateInput(value, time));
    setWrong(false);
  }, [value, time]);
  const errorId = `${useId()}-format`;
  const format = time ? "dd/mm/yyyy hh:mm" : "dd/mm/yyyy";
  return (
    <>
      <Form.Control
        {...props}
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={translate(format)}
        value={text}
        isInvalid={isInvalid || wrong}
        aria-invalid={ariaInvalid ?? (wrong ? true : undefined)}
        aria-describedby={
          [describedBy, wrong ? errorId : ""].filter(Boolean).join(" ") || undefined
        }
        onChange={(e) => {
          const typed = e.target.value;
          setText(typed);
          const parsed = parseDateInput(typed, time);
          if (parsed !== undefined) setWrong(false);
          if (parsed !== undefined && parsed !== handed.current) {
            handed.current = parsed;
            onChange(parsed);
          }
        }}
        onBlur={() => {
          const parsed = parseDateInput(text, time);
          setWrong(parsed === undefined);
          if (parsed !== undefined) {
            // The form kept another value than the one handed on (a rule cleared
            // a too early expiry): the field shows what the form holds.
            const kept = value === handed.current ? parsed : value;
            handed.current = kept;
            setText(formatDateInput(kept, time));
          }
          onBlur?.();
        }}
      />
      {wrong && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {translate(
            time ? "Enter a date and time as dd/mm/yyyy hh:mm." : "Enter a date as dd/mm/yyyy.",
          )}
        </Form.Control.Feedback>
      )}
    </>
  );
});
