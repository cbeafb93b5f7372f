import { type Settings, settingsInput } from "@store/contract";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../src/i18n/index";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";
import { settingsOf as storeSettings } from "./storeSettings";

// The General tab's buy-back rule (issue 42, docs/decisions/returns.md),
// against a fake server whose answers the contract parses and whose bodies its
// settingsInput checks: the period and the percentage are shown, saved with
// the rest of the record, and a percentage above 100 is refused under its field.

const LOADED = { timeout: 5000 };

let stored: Settings;
const puts: unknown[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function fakeServer(url: string, init?: RequestInit): Response {
  const path = url.replace(/^\/api\//, "").split("?")[0] ?? "";
  const method = init?.method ?? "GET";
  if (path === "settings/1" && method === "PUT") {
    const body = JSON.parse(String(init?.body));
    puts.push(body);
    stored = storeSettings({ ...settingsInput.parse(body), version: stored.version + 1 });
    return json(stored);
  }
  if (path === "settings/1") return json(stored);
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  if (path === "socialLogins" || path === "shippingMethod" || path === "auditLog") return json([]);
  return json({ message: "Not found." }, 404);
}

beforeEach(() => {
  stored = storeSettings({ buy_back_days: 14 });
  puts.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => fakeServer(url, init)),
  );
});

afterEach(async () => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
  await setLanguage("en");
});

describe("Settings, General: the buy-back rule", () => {
  it("shows the stored period and percentage with their hint and saves the new ones", async () => {
    signInAs();
    openApp("/settings");
    const days = (await screen.findByLabelText(
      "Buy-back period (days)",
      {},
      LOADED,
    )) as HTMLInputElement;
    const percent = screen.getByLabelText("Buy-back percentage") as HTMLInputElement;
    expect(days.value).toBe("14");
    expect(percent.value).toBe("90.00");
    expect(
      screen.getByText(/gets this share of their price back by default; 0 days: off\./),
    ).toBeTruthy();
    fireEvent.change(days, { target: { value: "30" } });
    fireEvent.change(percent, { target: { value: "87.5" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ buy_back_days: 30, buy_back_percent: "87.50" });
    expect(await screen.findByRole("button", { name: "Saved" })).toBeTruthy();
    expect(stored).toMatchObject({ buy_back_days: 30, buy_back_percent: "87.50" });
  });

  it("refuses a percentage above 100 under its field, sending nothing", async () => {
    signInAs();
    openApp("/settings");
    fireEvent.change(await screen.findByLabelText("Buy-back percentage", {}, LOADED), {
      target: { value: "101" },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save" }));
    });
    expect(await screen.findByText("Buy-back percentage must be at most 100.")).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it("speaks Malay and Chinese", async () => {
    signInAs();
    await setLanguage("ms");
    openApp("/settings");
    expect(await screen.findByLabelText("Tempoh beli balik (hari)", {}, LOADED)).toBeTruthy();
    expect(screen.getByLabelText("Peratusan beli balik")).toBeTruthy();
    cleanup();
    await setLanguage("zh");
    openApp("/settings");
    expect(await screen.findByLabelText("回购期（天）", {}, LOADED)).toBeTruthy();
    expect(screen.getByLabelText("回购百分比")).toBeTruthy();
  });
});
