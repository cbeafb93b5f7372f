import { expect, test, useBrowser } from "../support/browser";

test.describe("one origin: the web app and the API on one port", () => {
  const s = useBrowser();

  test("answers deep links and reloads of every screen with the app", async () => {
    await s.page.goto("/editBrands?bid=1");
    await s.page.getByRole("navigation", { name: "Sidebar" }).waitFor();
    await s.page.reload();
    await s.page.getByRole("navigation", { name: "Sidebar" }).waitFor();
    expect(new URL(s.page.url()).pathname).toBe("/editBrands");
  });

  test("sends an unknown path to /404 and answers unknown API paths with 404 JSON", async () => {
    await s.page.goto("/no-such-page");
    await s.page.waitForURL("**/404");
    const api = await s.page.request.get("/api/no-such-call");
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({
      message: expect.any(String),
      code: "not_found",
      params: {},
      request_id: expect.any(String),
    });
  });
});
