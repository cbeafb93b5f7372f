import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { DateInput, formatDateInput, parseDateInput } from "../src/components/DateInput";

afterEach(cleanup);

describe("dates typed dd/mm/yyyy", () => {
  it("reads day, month, year in that order, and refuses what is no real date", () => {
    expect(parseDateInput("05/11/2026")).toBe("2026-11-05");
    expect(parseDateInput("5/1/2026")).toBe("2026-01-05");
    expect(parseDateInput("5-1-2026")).toBe("2026-01-05");
    expect(parseDateInput("")).toBe("");
    expect(parseDateInput("31/04/2026")).toBeUndefined();
    expect(parseDateInput("29/02/2025")).toBeUndefined();
    expect(parseDateInput("12/13/2026")).toBeUndefined();
    expect(parseDateInput("05/11/26")).toBeUndefined();
    expect(parseDateInput("2026-11-05")).toBeUndefined();
    expect(parseDateInput("05/11/2026 14:30")).toBeUndefined();
    expect(parseDateInput("05/11/2026 14:30", true)).toBe("2026-11-05T14:30");
    expect(parseDateInput("05/11/2026", true)).toBe("2026-11-05T00:00");
    expect(parseDateInput("05/11/2026 24:00", true)).toBeUndefined();
    expect(formatDateInput("2026-11-05")).toBe("05/11/2026");
    expect(formatDateInput("2026-11-05T09:05", true)).toBe("05/11/2026 09:05");
  });

  it("hands on a whole date only, and says so when the text left is no date", () => {
    const handed: string[] = [];
    function Probe() {
      const [value, setValue] = useState("2026-01-02");
      return (
        <DateInput
          aria-label="Date from"
          value={value}
          onChange={(v) => {
            handed.push(v);
            setValue(v);
          }}
        />
      );
    }
    render(<Probe />);
    const box = screen.getByRole("textbox", { name: "Date from" }) as HTMLInputElement;
    expect(box.value).toBe("02/01/2026");
    expect(box.placeholder).toBe("dd/mm/yyyy");
    fireEvent.change(box, { target: { value: "05/11/20" } });
    expect(handed).toEqual([]);
    fireEvent.change(box, { target: { value: "05/11/2026" } });
    expect(handed).toEqual(["2026-11-05"]);
    fireEvent.change(box, { target: { value: "31/11/2026" } });
    fireEvent.blur(box);
    expect(handed).toEqual(["2026-11-05"]);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    const message = screen.getByText("Enter a date as dd/mm/yyyy.");
    expect(box.getAttribute("aria-describedby")).toContain(message.id);
    fireEvent.change(box, { target: { value: "" } });
    expect(handed).toEqual(["2026-11-05", ""]);
    expect(box.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows what the form kept when a rule refused the date handed on", () => {
    function Refusing() {
      const [value, setValue] = useState("");
      // As the coupon's expiry: a date too early is cleared.
      return (
        <DateInput
          aria-label="Expiry"
          time
          value={value}
          onChange={(v) => setValue(v < "2026-01-01" ? "" : v)}
        />
      );
    }
    render(<Refusing />);
    const box = screen.getByRole("textbox", { name: "Expiry" }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "01/02/2025 10:00" } });
    fireEvent.blur(box);
    expect(box.value).toBe("");
    fireEvent.change(box, { target: { value: "1/2/2027 9:05" } });
    fireEvent.blur(box);
    expect(box.value).toBe("01/02/2027 09:05");
  });
});
