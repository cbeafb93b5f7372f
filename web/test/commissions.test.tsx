import { commissionPlanInput, commissionPreviewInput } from "@store/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { errorText } from "../src/i18n/errors";
import { setLanguage } from "../src/i18n/index";
import {
  answers,
  LOADED,
  RANKED_PLAN,
  sent,
  setPlanInForce,
  toasts,
  withFakeStore,
} from "./commissionsServer";
import { openApp } from "./openApp";
import { signInAs } from "./signedIn";

// The commission plan (its form and preview) and the wallet statement under a
// plan: the real App, routed as in the browser, against the small fake server
// of test/commissionsServer.ts (as test/jobs.test.tsx). The periods, their
// report and a member's statement: test/commissionsPeriods.test.tsx.

withFakeStore();

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe("the plan screen", () => {
  it("shows the default plan, level 1 at each tier's Member Earning %, and says it is the default", async () => {
    signInAs();
    openApp("/commissionPlans");
    expect((await screen.findByTestId("default-plan-note", {}, LOADED)).textContent).toContain(
      "Default plan: level 1 at each tier's Member Earning %, paid at once.",
    );
    const levels = within(screen.getByTestId("plan-levels"));
    // The tiers in promotion order, as the memberships call answers them.
    expect(levels.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Level",
      "Silver rate %",
      "Gold rate %",
      "Minimum personal PV",
      "When unqualified",
      "Actions",
    ]);
    expect(field("Level 1: Silver rate %").value).toBe("5");
    expect(field("Level 1: Gold rate %").value).toBe("10");
    expect((field("Level 1: when unqualified") as unknown as HTMLSelectElement).value).toBe("skip");
    expect(field("Cap per order (RM)").value).toBe("");
    // The only level cannot be removed.
    expect(
      (screen.getByRole("button", { name: "Remove level 1" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("saves the levels as typed, with If-Match, a blank cap as no cap", async () => {
    signInAs();
    openApp("/commissionPlans");
    fireEvent.click(await screen.findByRole("button", { name: "Add level" }, LOADED));
    fireEvent.change(field("Level 2: Gold rate %"), { target: { value: "5" } });
    fireEvent.change(field("Level 2: when unqualified"), { target: { value: "compress" } });
    fireEvent.change(field("Hold days"), { target: { value: "10" } });
    fireEvent.change(field("Cap per period (RM)"), { target: { value: "500" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts).toContain("Commission plan saved."));
    const put = sent.find((s) => s.call === "PUT commissionPlan");
    expect(put?.ifMatch).toBe('"1"');
    expect(commissionPlanInput.parse(put?.body)).toEqual({
      levels: [
        {
          level: 1,
          rates: { "1": "5.00", "2": "10.00" },
          min_personal_pv: "0.00",
          when_unqualified: "skip",
        },
        {
          level: 2,
          rates: { "1": "0.00", "2": "5.00" },
          min_personal_pv: "0.00",
          when_unqualified: "compress",
        },
      ],
      cap_per_order: null,
      cap_per_period: "500.00",
      hold_days: 10,
      period_start_day: 1,
      ranks: [],
      demote: false,
    });
    // A plan of its own now: the default's note is gone.
    await waitFor(() => expect(screen.queryByTestId("default-plan-note")).toBeNull());
  });

  it("says who changed the plan first when the save meets a 412", async () => {
    answers.planConflict = true;
    signInAs();
    openApp("/commissionPlans");
    fireEvent.change(await screen.findByLabelText("Hold days", {}, LOADED), {
      target: { value: "3" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const panel = await screen.findByTestId("conflict-panel");
    expect(panel.textContent).toContain("siti");
    expect(panel.textContent).toContain("Hold days");
  });

  it("previews what an order would pay up the sponsor line, sending the unsaved plan", async () => {
    signInAs();
    openApp("/commissionPlans");
    fireEvent.change(await screen.findByLabelText("Level 1: Gold rate %", {}, LOADED), {
      target: { value: "12" },
    });
    const buyer = screen.getByRole("combobox", { name: "Member" });
    fireEvent.click(buyer);
    fireEvent.click(await screen.findByRole("option", { name: "D" }));
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await waitFor(() =>
      expect(screen.getByTestId("preview-sentence").textContent).toBe(
        "An order of RM 100.00 by D pays C RM 10.00 (level 1), B RM 5.00 (level 2) and A RM 2.00 (level 3).",
      ),
    );
    const rows = within(screen.getByTestId("preview-rows")).getAllByRole("row");
    expect(rows[1]?.textContent).toBe("1C10.00%RM 10.00Paid");
    const asked = commissionPreviewInput.parse(
      sent.find((s) => s.call === "POST commissionPlan/preview")?.body,
    );
    expect(asked.user_id).toBe(4);
    expect(asked.amount).toBe("100.00");
    expect(asked.plan?.levels[0]?.rates["2"]).toBe("12.00");
  });
});

describe("the plan's ranks at period close", () => {
  const put = () =>
    commissionPlanInput.parse(sent.find((s) => s.call === "PUT commissionPlan")?.body);

  it("loads the plan's rank rules and sends them back whole when another field is saved", async () => {
    setPlanInForce(RANKED_PLAN);
    signInAs();
    openApp("/commissionPlans");
    const tier = (await screen.findByLabelText("Rule 1: tier", {}, LOADED)) as HTMLSelectElement;
    expect(tier.value).toBe("2");
    expect(tier.selectedOptions[0]?.textContent).toBe("Gold");
    expect(field("Rule 1: personal PV").value).toBe("100");
    expect(field("Rule 1: group PV").value).toBe("500");
    expect(field("Rule 1: group depth").value).toBe("3");
    expect(field("Rule 1: active legs").value).toBe("2");
    const demote = field("Move members down when they no longer qualify");
    expect(demote.checked).toBe(true);
    expect(screen.getByTestId("default-promotion-note").textContent).toBe(
      "Without rules the default promotion applies: one tier up when PV reaches the tier's requirement.",
    );

    fireEvent.change(field("Hold days"), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts).toContain("Commission plan saved."));
    expect(sent.find((s) => s.call === "PUT commissionPlan")?.ifMatch).toBe('"4"');
    expect(put()).toMatchObject({
      hold_days: 7,
      ranks: [
        { member_id: 2, personal_pv: "100.00", group_pv: "500.00", group_depth: 3, active_legs: 2 },
      ],
      demote: true,
    });
  });

  it("adds a rule for a tier above the bottom one, offers each tier once, and sends demote as ticked", async () => {
    signInAs();
    openApp("/commissionPlans");
    const add = await screen.findByRole("button", { name: "Add rank rule" }, LOADED);
    // The default plan has no rules: no table, the default promotion stands.
    expect(screen.queryByTestId("plan-ranks")).toBeNull();
    fireEvent.click(add);
    const first = field("Rule 1: tier") as unknown as HTMLSelectElement;
    expect(first.value).toBe("2");
    fireEvent.change(field("Rule 1: personal PV"), { target: { value: "50" } });
    fireEvent.change(field("Rule 1: group depth"), { target: { value: "2" } });
    fireEvent.change(field("Rule 1: active legs"), { target: { value: "1" } });
    fireEvent.click(add);
    const second = field("Rule 2: tier") as unknown as HTMLSelectElement;
    expect(second.value).toBe("1");
    // Gold has its rule in row 1: not offered in row 2; every tier has one, so no more rules.
    expect(within(second).getByRole("option", { name: "Gold" })).toHaveProperty("disabled", true);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Remove rule 2" }));
    expect(screen.queryByLabelText("Rule 2: tier")).toBeNull();
    fireEvent.click(field("Move members down when they no longer qualify"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toasts).toContain("Commission plan saved."));
    expect(put().ranks).toEqual([
      { member_id: 2, personal_pv: "50.00", group_pv: "0.00", group_depth: 2, active_legs: 1 },
    ]);
    expect(put().demote).toBe(true);
  });

  it("shows a rule's figure refused by the contract under its cell", async () => {
    setPlanInForce(RANKED_PLAN);
    signInAs();
    openApp("/commissionPlans");
    fireEvent.change(await screen.findByLabelText("Rule 1: group depth", {}, LOADED), {
      target: { value: "11" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Group depth must be at most 10.")).toBeTruthy();
    expect(sent.some((s) => s.call === "PUT commissionPlan")).toBe(false);
  });
});

describe("the preview when no one is paid", () => {
  const preview = async () => {
    const buyer = await screen.findByRole("combobox", { name: "Member" }, LOADED);
    fireEvent.click(buyer);
    fireEvent.click(await screen.findByRole("option", { name: "D" }));
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    return screen.findByTestId("preview-none-paid");
  };

  it("says the store's commission is switched off, read from the settings", async () => {
    answers.commissionOn = false;
    signInAs();
    openApp("/commissionPlans");
    const none = await preview();
    await waitFor(() =>
      expect(none.textContent).toBe(
        "Commissions are switched off in the settings: no order pays a commission.",
      ),
    );
    expect(screen.getByTestId("preview-sentence").textContent).toBe(
      "An order of RM 100.00 by D pays no commission.",
    );
  });

  it("says both reasons to a person who may not read the settings, without asking for them", async () => {
    answers.commissionOn = false;
    signInAs(["commissions:view", "members:view"], { role: "Staff" });
    openApp("/commissionPlans");
    expect((await preview()).textContent).toBe(
      "No one is paid: the member has no referrer, or commissions are switched off.",
    );
    expect(
      vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith("/api/settings")),
    ).toBe(false);
  });
});

describe("the wallet statement under a plan", () => {
  it("shows the held balances and the commission's reason with its level", async () => {
    signInAs();
    openApp("/walletStatement?uid=3");
    const balances = within(await screen.findByRole("region", { name: "Balances" }, LOADED));
    expect(balances.getByText("Held commission")).toBeTruthy();
    expect(balances.getByText("Held PV")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("balance-held").textContent).toBe("RM 10.00"));
    expect(screen.getByTestId("balance-held_pv").textContent).toBe("0.00 PV");
    const held = await screen.findByRole("row", { name: /Commission held/ });
    expect(within(held).getByText("Level 1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Commission Statement" }).getAttribute("href")).toBe(
      "/commissionStatement?uid=3",
    );
  });

  it("offers the Adjust dialog only the balances an administrator may adjust", async () => {
    signInAs();
    openApp("/walletStatement?uid=3");
    const adjust = await screen.findByRole("button", { name: "Adjust" }, LOADED);
    await waitFor(() => expect((adjust as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(adjust);
    const dialog = await screen.findByRole("dialog");
    const account = within(dialog).getByLabelText("Account") as HTMLSelectElement;
    expect([...account.options].map((o) => o.value)).toEqual(["wallet", "cash_wallet", "pv"]);
    expect(within(dialog).queryByRole("option", { name: "Held commission" })).toBeNull();
  });
});

describe("the commission refusals in the chosen language", () => {
  it("says each by its code, with its values", async () => {
    await setLanguage("ms");
    expect(
      errorText({
        message: "…",
        code: "commission_period_in_hold",
        params: { date: "2026-12-11" },
      }),
    ).toBe(
      "Pesanan dalam tempoh ini masih dalam tempoh tahanan; ia boleh dikira mulai 2026-12-11.",
    );
    await setLanguage("zh");
    expect(
      errorText({
        message: "…",
        code: "commission_period_not_calculated",
        params: { status: "open" },
      }),
    ).toBe("此周期的状态为 open；只有已计算的周期才能批准。");
  });
});
