import { maskSecret } from "@store/contract";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { editSecret, KEPT_SECRET_HINT, SecretInput } from "../src/pages/settings/SaveButton";

afterEach(cleanup);

const MASK = maskSecret("sk_live_stored_secret_4242");

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SecretInput id="secret" label="Secret Key" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe("SecretInput with a stored key (docs/decisions/write-only-secret-keys.md)", () => {
  it("shows the mask with a hint, and selects it on focus so typing replaces it", () => {
    const { container } = render(<Harness initial={MASK} />);
    const input = container.querySelector("#secret") as HTMLInputElement;
    expect(input.value).toBe("••••4242");
    expect(screen.getByText(KEPT_SECRET_HINT)).toBeTruthy();
    fireEvent.focus(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, MASK.length]);
    // Typing after the mask starts a new key without it.
    fireEvent.change(input, { target: { value: `${MASK}n` } });
    expect(screen.getByTestId("value").textContent).toBe("n");
    expect(screen.queryByText(KEPT_SECRET_HINT)).toBeNull();
  });

  it("never mixes the mask into a new key", () => {
    expect(editSecret(MASK, "sk_new")).toBe("sk_new");
    expect(editSecret(MASK, `${MASK}abc`)).toBe("abc");
    expect(editSecret(MASK, "••••424", { inputType: "deleteContentBackward" })).toBe("");
    expect(editSecret(MASK, "••x••4242", { inputType: "insertText", data: "x" })).toBe("x");
    expect(editSecret(MASK, MASK)).toBe(MASK);
    // A key typed by the admin is edited as usual.
    expect(editSecret("sk_typed", "sk_type", { inputType: "deleteContentBackward" })).toBe(
      "sk_type",
    );
  });

  it("shows no hint for an empty or typed key", () => {
    render(<Harness initial="" />);
    expect(screen.queryByText(KEPT_SECRET_HINT)).toBeNull();
  });
});
