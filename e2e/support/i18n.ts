import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

type Tree = { [key: string]: string | Tree };
const catalogueDir = path.resolve(import.meta.dirname, "../../packages/i18n/src");

/** Every text of a catalogue (packages/i18n/src/<code>.json). */
export function catalogueTexts(code: "en" | "ms" | "zh"): string[] {
  const tree = JSON.parse(fs.readFileSync(path.join(catalogueDir, `${code}.json`), "utf8")) as Tree;
  const out: string[] = [];
  const walk = (node: Tree) => {
    for (const value of Object.values(node)) {
      if (typeof value === "string") out.push(value);
      else walk(value);
    }
  };
  walk(tree);
  return out;
}

/** The html lang each language sets (web/src/i18n/index.ts). */
export const HTML_LANG = { en: "en-GB", ms: "ms-MY", zh: "zh-Hans-MY" } as const;

/**
 * English words of the back office's screens that are never Malay: a text
 * holding one of them, in a Malay or Chinese screen, is English left over.
 * Words Malay shares with English (Status, Menu, Admin, Total, Bank, OK, ID)
 * are not in it.
 */
const ENGLISH_WORDS = new Set(
  `Add Edit Delete Save Cancel Search Loading Active Inactive Action Actions Name Price Back Login
  Logout Dashboard Products Product Settings Show Showing entries Next Previous Yes Confirm Submit
  Update Create Remove Upload Export Filter Clear Reset Close Page User Users Order Orders Coupon
  Coupons Brand Brands Category Categories Banner Banners Testimonial Testimonials Agency
  Membership Memberships Wallet Wallets Withdraw Withdrawal Request Requests Approve Reject
  Approved Rejected Pending Completed Date Created Updated Image Description Quantity Stock
  Discount Amount Balance Password Username Role Gender Language Currency Contact Address
  Notifications Account Management Revenue Template Terms Privacy Policy Conditions Statement
  Tree Genealogy Level Levels Details Expiry Title Code Type Shipping Payment Method
  Methods General Social Loading Required required the and with of for from to is are this
  could not be found please Please`.split(/\s+/),
);

/** Accessible names that stay English on purpose: how the two top-bar menus are found. */
const KEPT_NAMES = new Set(["Language", "Theme"]);

/**
 * What the page shows: its visible text nodes ("cell" inside a table cell,
 * where the store's data is: names, titles, notes), and the
 * placeholders, accessible names (aria-label) and titles.
 */
export interface ShownText {
  text: string;
  kind: "text" | "cell" | "attribute";
}

export function visibleTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const out: { text: string; kind: "text" | "cell" | "attribute" }[] = [];
    const tidy = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = tidy(node.textContent);
      if (!text || !element || element.closest("script, style, noscript")) continue;
      if (!element.checkVisibility()) continue;
      out.push({ text, kind: element.closest("td") ? "cell" : "text" });
    }
    // An image's alt is the store's data (a banner's title, a product's name).
    for (const element of document.querySelectorAll<HTMLElement>(
      "[placeholder], [aria-label], [title]",
    )) {
      if (!element.checkVisibility()) continue;
      for (const attribute of ["placeholder", "aria-label", "title"]) {
        const text = tidy(element.getAttribute(attribute));
        if (text) out.push({ text, kind: "attribute" });
      }
    }
    return out;
  });
}

/** The English catalogue's texts that `code`'s catalogue does not share ("Wallet", not "PV"). */
function englishOnlyTexts(code: "ms" | "zh"): Set<string> {
  const own = new Set(catalogueTexts(code));
  return new Set(catalogueTexts("en").filter((text) => !own.has(text)));
}

/** Of some texts (a closed list's options, a status line), those left in English. */
export function englishAmong(texts: readonly string[], code: "ms" | "zh"): string[] {
  const englishOnly = englishOnlyTexts(code);
  return texts.map((text) => text.replace(/\s+/g, " ").trim()).filter((t) => englishOnly.has(t));
}

/**
 * The English left on a page that speaks `code`: texts equal to an English
 * catalogue text that the language does not share, texts holding a known
 * English word, and accessible names that start with one ("Edit …"). A table
 * cell's own text and the rest of an accessible name are the store's data
 * ("Back to School", a banner's title) and are only checked whole.
 * `allowed` are other data of the store on that page (the copyright text).
 */
export async function englishLeft(
  page: Page,
  code: "ms" | "zh",
  allowed: (text: string) => boolean = () => false,
): Promise<string[]> {
  const englishOnly = englishOnlyTexts(code);
  const shown = await visibleTexts(page);
  const words = (text: string) => text.match(/[A-Za-z][A-Za-z-]*/g) ?? [];
  // A cell's text is the store's data; in an accessible name it may come
  // first ("Back to School 的状态", a row's switch in Chinese word order).
  const cells = shown.filter((s) => s.kind === "cell").map((s) => s.text);
  const withoutData = (text: string) =>
    cells.reduce((rest, cell) => rest.replace(cell, ""), text).trim();
  return [
    ...new Set(
      shown
        .filter(({ text, kind }) => {
          if (KEPT_NAMES.has(text) || allowed(text)) return false;
          if (englishOnly.has(text)) return true;
          if (kind === "cell") return false;
          if (kind === "attribute") {
            return ENGLISH_WORDS.has(withoutData(text).split(" ")[0] ?? "");
          }
          return words(text).some((word) => ENGLISH_WORDS.has(word));
        })
        .map(({ text }) => text),
    ),
  ];
}

/** Waits until the page speaks `code` (its catalogue arrived and was applied). */
export async function waitForLanguage(page: Page, code: "en" | "ms" | "zh"): Promise<void> {
  await page.waitForFunction((lang) => document.documentElement.lang === lang, HTML_LANG[code]);
}

/**
 * Chooses a language from the top bar's Language menu and waits for the server
 * to keep it: a page loaded before then asks GET /api/me, which still names the
 * old language and switches back to it.
 */
export async function chooseLanguage(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Language" }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/adminLanguage") && r.request().method() === "PUT",
  );
  await page.getByRole("button", { name }).click();
  const status = (await saved).status();
  if (status !== 200) throw new Error(`PUT adminLanguage answered ${status}`);
}

/** Saves the signed-in admin's own language, as the Language menu does. */
export async function saveOwnLanguage(page: Page, name: string): Promise<void> {
  const status = await page.evaluate(async (languages) => {
    const response = await fetch("/api/adminLanguage", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ languages }),
    });
    return response.status;
  }, name);
  if (status !== 200) throw new Error(`PUT adminLanguage answered ${status}`);
}
