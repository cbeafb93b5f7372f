import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../src/i18n/en.json";
import { browserLanguage, codeOfStoredLanguage, LANGUAGES, setLanguage } from "../src/i18n/index";
import { translateMessage } from "../src/i18n/messages";
import ms from "../src/i18n/ms.json";
import zh from "../src/i18n/zh.json";
import { formatDate, formatDecimal, formatMoney, formatShortDateTime } from "../src/lib/format";

type Tree = { [key: string]: string | Tree };

/** Every leaf of a catalogue as "a.b.c" → text. */
function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}\u0000${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of leaves(value, name)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const show = (key: string) => key.replaceAll("\u0000", " › ");

describe("the three catalogues", () => {
  const english = leaves(en as Tree);
  for (const [code, catalogue] of [
    ["ms", ms],
    ["zh", zh],
  ] as const) {
    const other = leaves(catalogue as Tree);
    it(`${code} has every key of en, none more, none empty, the same placeholders`, () => {
      expect([...english.keys()].filter((k) => !other.has(k)).map(show)).toEqual([]);
      expect([...other.keys()].filter((k) => !english.has(k)).map(show)).toEqual([]);
      expect([...other].filter(([, v]) => v.trim() === "").map(([k]) => show(k))).toEqual([]);
      const mismatched = [...english]
        .filter(([k, v]) => placeholders(v).join() !== placeholders(other.get(k) ?? "").join())
        .map(([k]) => show(k));
      expect(mismatched).toEqual([]);
    });
  }

  it("English never has an empty text", () => {
    expect([...english].filter(([, v]) => v.trim() === "").map(([k]) => show(k))).toEqual([]);
  });

  it("each language is named as the users' languages lookup stores it", () => {
    expect(LANGUAGES.map((l) => l.name)).toEqual(["English", "Bahasa Melayu", "中文"]);
    expect(codeOfStoredLanguage("Bahasa Melayu")).toBe("ms");
    expect(codeOfStoredLanguage("Klingon")).toBeNull();
  });
});

describe("the browser's language, before anyone signs in", () => {
  it("takes the first of the browser's languages the back office speaks", () => {
    expect(browserLanguage(["ms-MY", "en"])).toBe("ms");
    expect(browserLanguage(["fr-FR", "zh-CN", "en"])).toBe("zh");
    expect(browserLanguage(["en-GB", "ms"])).toBe("en");
    expect(browserLanguage(["zh-TW"])).toBe("en");
    expect(browserLanguage(["fr"])).toBe("en");
    expect(browserLanguage([])).toBe("en");
  });
});

/** The contract's messages, as its source spells them (literal and built from a label). */
function contractMessages(): { literal: string[]; labels: string[]; templates: string[] } {
  const dir = path.resolve(import.meta.dirname, "../../packages/contract/src");
  const source = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && f !== "commonPasswords.ts")
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
    .join("\n");
  const literal = [...source.matchAll(/"([A-Z][^"]{3,}[.!?])"/g)]
    .map((m) => m[1] ?? "")
    // Messages, not labels passed to a builder that makes the message.
    .filter((m) => / /.test(m));
  const labels = [
    ...source.matchAll(
      /\b(?:requiredText|requiredMoney|requiredWhole|money|optionalDecimal|discountPrice|wholeNumber|selected|email|percentage)\(\s*"([^"]+)"/g,
    ),
  ].map((m) => m[1] ?? "");
  // `${label} must be at least ${min}.` → "Username must be at least 5."
  const templates = [...source.matchAll(/`([^`]*\$\{[^`]*)`/g)]
    .map((m) => m[1] ?? "")
    .filter((t) => /[.!?]$/.test(t))
    .map((t) => t.replace(/\$\{label\}/g, "Username").replace(/\$\{[^}]+\}/g, "5"));
  return { literal: [...new Set(literal)], labels: [...new Set(labels)], templates };
}

/** The server's own messages (answers' `message` and refusals), as its source spells them. */
function serverMessages(): string[] {
  const root = path.resolve(import.meta.dirname, "../../server/src");
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => f.endsWith(".ts") && !f.includes("seed") && !f.includes("bench"),
  );
  const source = files.map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");
  const pattern =
    /(?:badRequest\([^,]+,\s*|conflict\(\s*|HttpError\(\d+,\s*|message:\s*|return\s+)"([A-Z][^"]+\.)"/g;
  return [
    ...new Set([
      ...[...source.matchAll(pattern)].map((m) => m[1] ?? ""),
      ...[...source.matchAll(/notFound\("([^"]+)"\)/g)].map((m) => `${m[1]} not found.`),
    ]),
  ];
}

describe("the contract's messages in Malay and Chinese", () => {
  beforeAll(async () => {
    await setLanguage("ms");
    await setLanguage("zh");
  });
  afterAll(() => setLanguage("en"));

  const { literal, labels, templates } = contractMessages();

  it("finds the contract's messages to check", () => {
    expect(literal.length).toBeGreaterThan(30);
    expect(labels.length).toBeGreaterThan(40);
    expect(templates.length).toBeGreaterThan(10);
  });

  for (const code of ["ms", "zh"] as const) {
    it(`${code}: every message and every field name in one is translated`, () => {
      const untranslated = [
        ...literal,
        ...templates,
        ...labels.map((label) => `${label} is required.`),
      ].filter((m) => {
        const out = translateMessage(m, code);
        return out === m || out.includes("{{");
      });
      expect(untranslated).toEqual([]);
    });
  }

  it("finds the server's messages to check", () => {
    expect(serverMessages().length).toBeGreaterThan(30);
  });

  for (const code of ["ms", "zh"] as const) {
    it(`${code}: every message the server answers with is translated`, () => {
      const untranslated = serverMessages().filter((m) => translateMessage(m, code) === m);
      expect(untranslated).toEqual([]);
    });
  }

  it("puts the translated field name and the numbers in their place", () => {
    expect(translateMessage("Username must be at most 50 characters.", "ms")).toBe(
      "Nama pengguna tidak boleh melebihi 50 aksara.",
    );
    expect(translateMessage("Password must be at least 8 characters.", "zh")).toBe(
      "密码至少需要 8 个字符。",
    );
    expect(translateMessage("Coupon code SAVE10 already exists.", "ms")).toBe(
      "Kod kupon SAVE10 sudah wujud.",
    );
    expect(translateMessage("Username is required.", "en")).toBe("Username is required.");
    expect(translateMessage("Something the catalogue does not know.", "ms")).toBe(
      "Something the catalogue does not know.",
    );
  });
});

/** Every `tx("…")` of the web app's source: a label handed over in English. */
function txLiterals(): string[] {
  const root = path.resolve(import.meta.dirname, "../src");
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    /\.tsx?$/.test(f),
  );
  const source = files.map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");
  return [...new Set([...source.matchAll(/\btx\("((?:[^"\\]|\\.)+)"\)/g)].map((m) => m[1] ?? ""))];
}

describe("labels handed over in English (tx)", () => {
  beforeAll(async () => {
    await setLanguage("ms");
    await setLanguage("zh");
  });
  afterAll(() => setLanguage("en"));

  it("every tx literal of the source is in the catalogues", () => {
    const known = new Set([
      ...Object.keys(en.texts),
      ...Object.keys(en.messages),
      ...Object.keys(en.fields),
    ]);
    const literals = txLiterals();
    expect(literals.length).toBeGreaterThan(100);
    expect(literals.filter((text) => !known.has(text))).toEqual([]);
  });

  it("translates a label, a row action and a list's count line", () => {
    expect(translateMessage("Add Product", "ms")).toBe("Tambah Produk");
    expect(translateMessage("Edit Rice Cooker Smart IH", "ms")).toBe(
      "Sunting Rice Cooker Smart IH",
    );
    expect(translateMessage("Showing 1 to 10 of 1,500 entries", "zh")).toBe(
      "显示第 1 至 10 条，共 1,500 条",
    );
    expect(translateMessage("Expired Date from", "ms")).toBe("Tarikh Luput dari");
  });
});

describe("money and dates in the chosen language", () => {
  afterAll(() => setLanguage("en"));

  it("English keeps en-GB and RM", async () => {
    await setLanguage("en");
    expect(formatMoney("1234.5")).toBe("RM 1,234.50");
    expect(formatDate("2026-11-22 15:04:00")).toBe("22/11/2026");
  });

  it("Malay uses ms-MY and Chinese zh-CN, money still in RM and exact", async () => {
    await setLanguage("ms");
    expect(formatMoney("1234567.5")).toBe("RM 1,234,567.50");
    expect(formatDate("2026-11-22 15:04:00")).toBe(
      new Intl.DateTimeFormat("ms-MY").format(new Date(2026, 10, 22)),
    );
    expect(formatShortDateTime("2026-11-22 15:04:00")).toMatch(/Nov 2026/);
    await setLanguage("zh");
    expect(formatDecimal("-98765.4")).toBe("-98,765.40");
    expect(formatDate("2026-11-22 15:04:00")).toBe("2026/11/22");
    expect(document.documentElement.lang).toBe("zh-Hans-MY");
  });
});
