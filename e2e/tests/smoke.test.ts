import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/browser";

describe("the app shell", () => {
  const s = useBrowser({ loggedIn: false });
  it("sends an unknown path to /404", async () => {
    await s.page.goto("/no-such-page");
    await s.page.waitForURL("**/404");
    expect(new URL(s.page.url()).pathname).toBe("/404");
  });
});
