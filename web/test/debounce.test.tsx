import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useDebouncedText } from "../src/components/useDebouncedText";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A search box over an address that is written a moment after it is asked (a router's transition). */
function Box({ lag, onApply }: { lag: number; onApply: (text: string) => void }) {
  const [applied, setApplied] = useState("");
  const [text, setText] = useDebouncedText(
    applied,
    (next) => {
      onApply(next);
      setTimeout(() => setApplied(next), lag);
    },
    300,
  );
  return (
    <>
      <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <button type="button" onClick={() => setApplied("")}>
        Reset
      </button>
      <output>{applied}</output>
    </>
  );
}

describe("useDebouncedText (the one debounce)", () => {
  it("applies once after the pause, keeps what is typed while its text is on its way, and follows a reset", async () => {
    vi.useFakeTimers();
    const applied: string[] = [];
    render(<Box lag={50} onApply={(t) => applied.push(t)} />);
    const input = screen.getByRole("textbox", { name: "Search" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "a" } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    fireEvent.change(input, { target: { value: "ab " } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(applied).toEqual(["ab"]);
    // Typed on before the address says "ab": the echo must not undo it.
    fireEvent.change(input, { target: { value: "abc" } });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(input.value).toBe("abc");
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(applied).toEqual(["ab", "abc"]);
    expect(screen.getByRole("status").textContent).toBe("abc");
    // Changed elsewhere (Clear filters, back): the box follows.
    fireEvent.click(screen.getByRole("button", { name: "Reset" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(input.value).toBe("");
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(applied).toEqual(["ab", "abc"]);
  });
});
