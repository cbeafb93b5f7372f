import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type TypeaheadPage, TypeaheadSelect } from "../src/components/TypeaheadSelect";
import { setLanguage } from "../src/i18n/index";
import ms from "../src/i18n/ms.json";

/**
 * What a shared component says of itself (not what a screen hands it) in the
 * chosen language: the type-ahead's status and its "scroll for more" line,
 * which the source check of i18n.test.ts cannot see (kept in a variable).
 */
afterEach(cleanup);

describe("TypeaheadSelect in Malay", () => {
  beforeAll(() => setLanguage("ms"));
  afterAll(() => setLanguage("en"));

  const people = Array.from({ length: 45 }, (_, i) => `user${String(i).padStart(2, "0")}`);
  const fetchPage = async (q: string, page: number): Promise<TypeaheadPage> => {
    const matching = people.filter((p) => p.includes(q));
    return {
      options: matching.slice((page - 1) * 20, page * 20).map((p) => ({ value: p, label: p })),
      total: matching.length,
    };
  };

  function Harness() {
    return (
      <QueryClientProvider client={new QueryClient()}>
        <label htmlFor="who">Siapa</label>
        <TypeaheadSelect
          id="who"
          value=""
          onChange={() => {}}
          fetchPage={fetchPage}
          queryKey={["people"]}
        />
      </QueryClientProvider>
    );
  }

  it("says there is more, and that nothing matches, in Malay", async () => {
    render(<Harness />);
    const input = screen.getByRole("combobox", { name: "Siapa" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(20));
    expect(screen.getByText(ms.texts["Scroll for more"])).toBeTruthy();
    expect(screen.queryByText("Scroll for more")).toBeNull();

    fireEvent.change(input, { target: { value: "nobody" } });
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(ms.texts["No matches."]),
    );
  });
});
