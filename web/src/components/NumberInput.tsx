import { type ComponentProps, forwardRef } from "react";
import { Form } from "react-bootstrap";

type NumberInputProps = Omit<ComponentProps<typeof Form.Control>, "type">;

/**
 * A number field as docs/REQUIREMENTS.md section 5 wants every one: it selects its content on focus,
 * ignores the mouse wheel, and a negative entry shows as 0. Works with
 * react-hook-form's register().
 */
export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  { onChange, onFocus, onWheel, min = 0, ...props },
  ref,
) {
  return (
    <Form.Control
      {...props}
      ref={ref}
      type="number"
      inputMode="decimal"
      min={min}
      onFocus={(e: React.FocusEvent<HTMLInputElement>) => {
        e.currentTarget.select();
        onFocus?.(e);
      }}
      onWheel={(e: React.WheelEvent<HTMLInputElement>) => {
        e.currentTarget.blur();
        onWheel?.(e);
      }}
      onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
        if (Number(e.currentTarget.value) < 0) e.currentTarget.value = "0";
        onChange?.(e);
      }}
    />
  );
});
