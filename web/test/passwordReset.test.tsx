import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import ForgotPasswordPage from "../src/pages/login/ForgotPasswordPage";
import ResetPasswordPage from "../src/pages/login/ResetPasswordPage";

/**
 * "Forgot password?" (issue 41): /forgot-password says the same whatever the
 * server answers; /reset-password posts the token with the new password,
 * says when the link is spent, and sends the person to log in.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** fetch answering every call with `answer`, the bodies sent kept. */
function stubFetch(answer: () => Response) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return sent;
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/login-back", element: <p>the login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const SENT =
  "If this e-mail belongs to a staff account, a link to reset the password is on its way. It works for 30 minutes.";

describe("/forgot-password", () => {
  for (const [what, answer] of [
    ["accepted", () => json({ status: 202, message: "queued" }, 202)],
    ["throttled", () => json({ status: 429, message: "Too many", code: "too_many_attempts" }, 429)],
  ] as const) {
    it(`says the link is on its way when the request is ${what}`, async () => {
      const sent = stubFetch(answer);
      open("/forgot-password");
      fireEvent.change(await screen.findByLabelText("E-mail"), {
        target: { value: "someone@example.my" },
      });
      fireEvent.click(screen.getByRole("button", { name: "Send the link" }));
      expect(await screen.findByText(SENT)).toBeTruthy();
      expect(sent).toEqual([{ url: "/api/passwordReset", body: { email: "someone@example.my" } }]);
    });
  }
});

describe("/reset-password", () => {
  async function typePasswords(password: string, repeat: string) {
    fireEvent.change(await screen.findByLabelText("New password"), { target: { value: password } });
    fireEvent.change(screen.getByLabelText("Repeat the new password"), {
      target: { value: repeat },
    });
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
  }

  it("posts the token with the new password, then sends the person to log in", async () => {
    const sent = stubFetch(() => json({ status: 200, message: "done" }));
    const router = open("/reset-password?token=abc123");
    await typePasswords("New#Secret-456", "New#Secret-456");
    expect(await screen.findByText("Your password is changed. Log in with it.")).toBeTruthy();
    expect(sent).toEqual([
      {
        url: "/api/passwordReset/confirm",
        body: { token: "abc123", password: "New#Secret-456" },
      },
    ]);
    fireEvent.click(screen.getByRole("link", { name: "Log in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login-back"));
  });

  it("sends nothing while the two passwords differ", async () => {
    const sent = stubFetch(() => json({ status: 200, message: "done" }));
    open("/reset-password?token=abc123");
    await typePasswords("New#Secret-456", "New#Secret-457");
    expect(await screen.findByText("Password does not match confirm Password.")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("says a spent or expired link in words, with a way to ask for a new one", async () => {
    stubFetch(() =>
      json(
        {
          message: "This link has expired or was already used. Ask for a new one.",
          code: "password_reset_invalid",
          params: {},
          issues: [],
        },
        400,
      ),
    );
    open("/reset-password?token=spent");
    await typePasswords("New#Secret-456", "New#Secret-456");
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This link has expired or was already used. Ask for a new one.",
    );
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
  });

  it("without a token, asks for a new link instead of a form", async () => {
    stubFetch(() => json({}));
    open("/reset-password");
    expect((await screen.findByRole("alert")).textContent).toContain("This link is not complete.");
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});
