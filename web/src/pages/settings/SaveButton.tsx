import { isMaskedSecret, SAVED_INDICATOR_MS } from "@store/contract";
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { useInReadOnlyForm } from "../../components/formReadOnly";
import { translate } from "../../i18n/messages";

/**
 * docs/REQUIREMENTS.md section 4: after a successful save the button reads "Saved" and is
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
  // A tab the person may only view has nothing to save.
  if (useInReadOnlyForm()) return null;
  return (
    <Button
      type="submit"
      variant={saved ? "success" : "primary"}
      disabled={saved || busy}
      aria-label={saved ? undefined : translate(label)}
    >
      {saved ? translate("Saved") : busy ? translate("Saving…") : translate("Save")}
    </Button>
  );
}

export const KEPT_SECRET_HINT =
  "A key is saved. Leave this as it is to keep it, or type a new one.";

/**
 * The next value of a field that holds the server's mask of a stored key
 * (docs/decisions/write-only-secret-keys.md): an edit never mixes the mask
 * into a new key. A typed character starts a new key, a deletion removes the
 * mask whole, a paste or autofill after the mask keeps only what was added.
 */
export function editSecret(
  previous: string,
  next: string,
  input: { inputType?: string; data?: string | null } = {},
): string {
  if (!isMaskedSecret(previous) || next === previous) return next;
  if (input.inputType?.startsWith("delete")) return "";
  if (input.inputType === "insertText" && input.data) return input.data;
  return next.startsWith(previous) ? next.slice(previous.length) : next;
}

/**
 * A secret field shown as dots, with a button to reveal it. Holding the mask
 * of a stored key, it selects itself on focus so typing replaces the key, and
 * saving it unchanged keeps the stored one.
 */
export function SecretInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  label,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  label: string;
  /** The field's hint and message ids (Field's aria wiring). */
  describedBy?: string | undefined;
}) {
  const [shown, setShown] = useState(false);
  const masked = isMaskedSecret(value);
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    onChange(editSecret(value, e.target.value, e.nativeEvent as InputEvent));
  };
  return (
    <>
      <div className="input-group has-validation">
        <input
          id={id}
          className={`form-control font-monospace${invalid ? " is-invalid" : ""}`}
          type={shown ? "text" : "password"}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={change}
          onFocus={(e) => masked && e.target.select()}
          onBlur={onBlur}
          aria-invalid={invalid || undefined}
          aria-describedby={
            [masked ? `${id}_kept` : "", describedBy ?? ""].filter(Boolean).join(" ") || undefined
          }
        />
        <Button
          variant="outline-secondary"
          aria-label={
            shown
              ? translate("Hide {{field}}", { field: translate(label) })
              : translate("Show {{field}}", { field: translate(label) })
          }
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? translate("Hide") : translate("Show")}
        </Button>
      </div>
      {masked && (
        <Form.Text id={`${id}_kept`} className="d-block text-muted">
          {translate(KEPT_SECRET_HINT)}
        </Form.Text>
      )}
    </>
  );
}
