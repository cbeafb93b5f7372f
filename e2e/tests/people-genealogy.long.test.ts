import type { User } from "@store/contract";
import { GenealogyPage } from "../pages/GenealogyPage";
import { UserListPage } from "../pages/UserPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = `gn${Date.now().toString(36)}`;

test.describe("genealogy", () => {
  const s = useBrowser();
  /** root → kid1, kid2; kid1 → grand; grand → great. Made once, for every test here. */
  let made: Promise<Record<"root" | "kid1" | "kid2" | "grand" | "great", User>> | undefined;

  function tree() {
    made ??= (async () => {
      const users = new UserListPage(s.page);
      const root = await users.apiCreate(`${tag}root`);
      const kid1 = await users.apiCreate(`${tag}kid1`, { referral_of: root.user_id });
      const kid2 = await users.apiCreate(`${tag}kid2`, { referral_of: root.user_id });
      const grand = await users.apiCreate(`${tag}grand`, { referral_of: kid1.user_id });
      const great = await users.apiCreate(`${tag}great`, { referral_of: grand.user_id });
      return { root, kid1, kid2, grand, great };
    })();
    return made;
  }

  test("opens from Tree on /users with the member's direct referrals and their figures", async () => {
    const m = await tree();
    const genealogy = new GenealogyPage(s.page);
    // The users list, searched for the member (the search lives in the URL).
    await s.page.goto(`/users?q=${m.root.username}`);
    await s.page.getByRole("link", { name: `Tree of ${m.root.username}`, exact: true }).click();
    await s.page.waitForURL(`**/genealogy?uid=${m.root.user_id}`);
    await genealogy.tree().waitFor();
    await expect(genealogy.uplineItems()).toHaveText([m.root.username]);
    await genealogy.node(m.kid1.user_id).waitFor();
    expect(await genealogy.childNames(m.root.user_id)).toEqual([m.kid1.username, m.kid2.username]);
    const line = await genealogy.nodeLine(m.kid1.user_id);
    expect(line).toContain(m.kid1.username);
    // Their tier now (gaining a referral may have promoted them since they were made).
    const kid1 = await new UserListPage(s.page).apiUser(m.kid1.username);
    expect(line).toContain(kid1?.membership_name ?? "?");
    expect(line).toContain("Down Line 1");
    expect(line).toContain("0.00 PV");
    // A member without referrals has nothing to open.
    expect(await genealogy.toggle(m.kid2.username).count()).toBe(0);
  });

  test("opens two levels on demand, by mouse and by keyboard, and closes them", async () => {
    const m = await tree();
    const genealogy = new GenealogyPage(s.page);
    await genealogy.open(m.root.user_id);
    const kid1 = genealogy.toggle(m.kid1.username);
    expect(await kid1.getAttribute("aria-expanded")).toBe("false");
    expect(await genealogy.node(m.grand.user_id).count()).toBe(0);

    await kid1.click();
    expect(await kid1.getAttribute("aria-expanded")).toBe("true");
    await genealogy.node(m.grand.user_id).waitFor();

    const grand = genealogy.toggle(m.grand.username);
    await grand.focus();
    await s.page.keyboard.press("Enter");
    await genealogy.node(m.great.user_id).waitFor();
    expect(await grand.getAttribute("aria-expanded")).toBe("true");
    expect(await genealogy.childNames(m.grand.user_id)).toEqual([m.great.username]);

    await kid1.click();
    await genealogy.node(m.grand.user_id).waitFor({ state: "detached" });
    expect(await kid1.getAttribute("aria-expanded")).toBe("false");
  });

  test("jumps to a member found by name, shows their upline to the root, and climbs it by link", async () => {
    const m = await tree();
    const genealogy = new GenealogyPage(s.page);
    await genealogy.open(m.kid2.user_id);
    await genealogy.jumpTo(m.great.username);
    await s.page.waitForURL(`**/genealogy?uid=${m.great.user_id}`);
    await expect(genealogy.uplineItems()).toHaveText([
      m.root.username,
      m.kid1.username,
      m.grand.username,
      m.great.username,
    ]);
    await genealogy.upline().getByRole("link", { name: m.kid1.username, exact: true }).click();
    await s.page.waitForURL(`**/genealogy?uid=${m.kid1.user_id}`);
    await genealogy.node(m.grand.user_id).waitFor();
    await expect(genealogy.uplineItems()).toHaveText([m.root.username, m.kid1.username]);
  });

  test("shows a wide member's referrals a page at a time: Show more asks for the next ones", async () => {
    const users = new UserListPage(s.page);
    const wide = await users.apiCreate(`${tag}wide`);
    const kids: User[] = [];
    for (let batch = 0; batch < 6; batch++) {
      kids.push(
        ...(await Promise.all(
          Array.from({ length: 9 }, (_, i) =>
            users.apiCreate(`${tag}w${batch * 9 + i}`, { referral_of: wide.user_id }),
          ),
        )),
      );
    }
    kids.sort((a, b) => a.user_id - b.user_id);
    const genealogy = new GenealogyPage(s.page);
    await genealogy.open(wide.user_id);
    const more = s.page.getByRole("button", { name: "Show more (50 of 54)" });
    await more.waitFor();
    expect(await genealogy.childNames(wide.user_id)).toEqual(
      kids.slice(0, 50).map((k) => k.username),
    );
    await more.click();
    await genealogy.node(kids[53]?.user_id ?? 0).waitFor();
    expect(await genealogy.childNames(wide.user_id)).toEqual(kids.map((k) => k.username));
    expect(await s.page.getByRole("button", { name: /^Show more/ }).count()).toBe(0);
  });

  test("says so for an unknown member", async () => {
    await s.page.goto("/genealogy?uid=99999999");
    await s.page.getByText("This member could not be found.").waitFor();
  });
});
