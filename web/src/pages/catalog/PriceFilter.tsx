import { DEFAULT_MAX_PRICE, DEFAULT_MIN_PRICE } from "@store/contract";
import { useEffect, useState } from "react";
import { Form, InputGroup } from "react-bootstrap";
import { NumberInput } from "../../components";
import { translate } from "../../i18n/messages";

export const MIN_ABOVE_MAX = "Min Price cannot be more than Max Price.";
export const MAX_BELOW_MIN = "Max Price cannot be less than Min Price.";

/** An entered bound: empty means 0 (docs/REQUIREMENTS.md section 5); at most 2 decimals. */
function toBound(text: string): number {
  const value = text.trim() === "" ? 0 : Number(text);
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : 0;
}

/**
 * Min and Max price of the product filter. A bound is applied when its field
 * is left or Enter is pressed; a min above the max, or a max below the min, is
 * refused with the alert of docs/REQUIREMENTS.md section 5 and that bound goes
 * back to its default.
 */
export function PriceFilter({
  min,
  max,
  onChange,
}: {
  min: number;
  max: number;
  onChange: (range: { min: number; max: number }) => void;
}) {
  const [minText, setMinText] = useState(String(min));
  const [maxText, setMaxText] = useState(String(max));
  useEffect(() => setMinText(String(min)), [min]);
  useEffect(() => setMaxText(String(max)), [max]);

  function commitMin() {
    const value = toBound(minText);
    if (value > max) {
      window.alert(translate(MIN_ABOVE_MAX));
      setMinText(String(DEFAULT_MIN_PRICE));
      onChange({ min: DEFAULT_MIN_PRICE, max });
      return;
    }
    setMinText(String(value));
    if (value !== min) onChange({ min: value, max });
  }

  function commitMax() {
    const value = toBound(maxText);
    if (value < min) {
      window.alert(translate(MAX_BELOW_MIN));
      setMaxText(String(DEFAULT_MAX_PRICE));
      onChange({ min, max: DEFAULT_MAX_PRICE });
      return;
    }
    setMaxText(String(value));
    if (value !== max) onChange({ min, max: value });
  }

  // Enter applies the bound by leaving the field, so a bound is only ever checked once.
  const onEnter = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      e.currentTarget.blur();
    }
  };

  return (
    <fieldset>
      <legend className="fs-6 fw-semibold">{translate("Price")}</legend>
      <div className="d-flex gap-2">
        <Form.Group controlId="price-min">
          <Form.Label className="small mb-1">{translate("Min")}</Form.Label>
          <InputGroup size="sm">
            <InputGroup.Text>RM</InputGroup.Text>
            <NumberInput
              value={minText}
              step="0.01"
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => setMinText(e.target.value)}
              onBlur={commitMin}
              onKeyDown={onEnter}
            />
          </InputGroup>
        </Form.Group>
        <Form.Group controlId="price-max">
          <Form.Label className="small mb-1">{translate("Max")}</Form.Label>
          <InputGroup size="sm">
            <InputGroup.Text>RM</InputGroup.Text>
            <NumberInput
              value={maxText}
              step="0.01"
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => setMaxText(e.target.value)}
              onBlur={commitMax}
              onKeyDown={onEnter}
            />
          </InputGroup>
        </Form.Group>
      </div>
    </fieldset>
  );
}
