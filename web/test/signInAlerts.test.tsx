import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInAlertsSection } from "../src/pages/profile/SignInAlertsSection";

/**
 * Account Management's "Tell me by e-mail when I sign in from a new device"
 * (issue 41): shows the person's saved choice and saves a change as it is ticked.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LABEL = "Tell me by e-mail when I sign in from a new device";

function stubServer(saved: boolean) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let on = saved;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url, body });
      if (method === "PUT") on = body.sign_in_alerts;
      return new Response(JSON.stringify({ sign_in_alerts: on }), { status: 200 });
    }),
  );
  return sent;
}

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignInAlertsSection />
    </QueryClientProvider>,
  );
}

describe("sign-in alerts on the own account screen", () => {
  it("shows the saved choice and saves it ticked", async () => {
    const sent = stubServer(false);
    open();
    const box = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(sent.filter((c) => c.method === "PUT")).toEqual([
      { method: "PUT", url: "/api/me/signInAlerts", body: { sign_in_alerts: true } },
    ]);
  });

  it("shows it on when it was saved on, and turns it off", async () => {
    const sent = stubServer(true);
    open();
    const box = (await screen.findByLabelText(LABEL)) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(sent.at(-1)).toMatchObject({ method: "PUT", body: { sign_in_alerts: false } });
  });
});
