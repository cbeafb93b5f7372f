import { SAVED_INDICATOR_MS } from "@store/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "react-bootstrap";

/**
 * SPEC.md section 4: after a successful save the button reads "Saved" and is
 * disabled for 2 seconds.
 */
export function useSavedIndicator(): [boolean, () => void] {
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const markSaved = useCallback(() => {
    clearTimeout(timer.current);
    setSaved(true);
    timer.current = setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
  }, []);
  return [saved, markSaved];
}

export function SaveButton({
  saved,
  busy,
  label = "Save",
}: {
  saved: boolean;
  busy: boolean;
  /** The accessible name while not saved, when a screen has several Save buttons. */
  label?: string;
}) {
  return (
    <Button
      type="submit"
      variant={saved ? "success" : "primary"}
      disabled={saved || busy}
      aria-label={saved ? undefined : label}
    >
      {saved ? "Saved" : busy ? "Saving…" : "Save"}
    </Button>
  );
}

/** A secret field shown as dots, with a button to reveal it. */
export function SecretInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  label,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  label: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="input-group has-validation">
      <input
        id={id}
        className={`form-control font-monospace${invalid ? " is-invalid" : ""}`}
        type={shown ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <Button
        variant="outline-secondary"
        aria-label={`${shown ? "Hide" : "Show"} ${label}`}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? "Hide" : "Show"}
      </Button>
    </div>
  );
}
