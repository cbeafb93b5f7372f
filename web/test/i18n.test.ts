import fs from "node:fs";
import path from "node:path";
import * as contract from "@store/contract";
import { ERROR_CODE_LIST, ERROR_CODES } from "@store/contract";
import en from "@store/i18n/en.json";
import ms from "@store/i18n/ms.json";
import zh from "@store/i18n/zh.json";
import { parseSync } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorText } from "../src/i18n/errors";
import {
  browserLanguage,
  codeOfStoredLanguage,
  i18next,
  LANGUAGES,
  setLanguage,
} from "../src/i18n/index";
import { translateLabel } from "../src/i18n/messages";
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
      // Malay and Chinese have one plural form (`_other`); English's `_one` has no match there.
      const pluralOne = (k: string) =>
        k.endsWith("_one") && other.has(k.replace(/_one$/, "_other"));
      expect([...english.keys()].filter((k) => !other.has(k) && !pluralOne(k)).map(show)).toEqual(
        [],
      );
      expect([...other.keys()].filter((k) => !english.has(k)).map(show)).toEqual([]);
      expect([...other].filter(([, v]) => v.trim() === "").map(([k]) => show(k))).toEqual([]);
      const mismatched = [...english]
        .filter(([k]) => other.has(k))
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

const errorsOf = (catalogue: { errors: Record<string, string> }) => catalogue.errors;
/** A code's sentences in a catalogue: the key itself, or its plural forms. */
const sentencesOf = (errors: Record<string, string>, code: string) =>
  Object.entries(errors)
    .filter(([key]) => key === code || key === `${code}_one` || key === `${code}_other`)
    .map(([, text]) => text);

describe("error codes in the three catalogues", () => {
  beforeAll(async () => {
    await setLanguage("ms");
    await setLanguage("zh");
  });
  afterAll(() => setLanguage("en"));

  for (const [code, catalogue] of [
    ["en", en],
    ["ms", ms],
    ["zh", zh],
  ] as const) {
    it(`${code}: every code the contract and the server answer, with its params' names`, () => {
      const errors = errorsOf(catalogue);
      const problems = ERROR_CODE_LIST.flatMap((error) => {
        const sentences = sentencesOf(errors, error);
        if (sentences.length === 0) return [`${error}: missing`];
        const names = Object.keys(ERROR_CODES[error]);
        // Each placeholder is a param of the code (or the plural's count), every param is used.
        return sentences.flatMap((text) => {
          const used = placeholders(text).filter((name): name is string => name !== undefined);
          const unknown = used.filter((name) => !names.includes(name) && name !== "count");
          const unused = names.filter((name) => !used.includes(name));
          return [...unknown, ...unused].map((name) => `${error}: {{${name}}} in "${text}"`);
        });
      });
      expect(problems).toEqual([]);
    });
  }

  it("every field an admin fills in has a name in each catalogue, for params.field", () => {
    // The list, bulk and paging parameters the web builds itself, and the error bodies' own.
    const builtByTheWeb = new Set(
      "action ids filter status referrals versions depth after _limit _page _sort _order _format _columns _lang dry_run variants message code params issues path permission request_id".split(
        " ",
      ),
    );
    const fields = new Set<string>();
    const walk = (schema: unknown, depth = 0): void => {
      if (depth > 6 || !(schema instanceof z.ZodType)) return;
      const def = schema._zod.def as unknown as Record<string, unknown>;
      if (schema instanceof z.ZodObject) {
        for (const [key, inner] of Object.entries(schema.shape)) {
          fields.add(key);
          walk(inner, depth + 1);
        }
      }
      const options = Array.isArray(def.options) ? def.options : [];
      for (const inner of [def.innerType, def.in, def.out, def.element, def.schema, ...options])
        walk(inner, depth + 1);
    };
    for (const [name, schema] of Object.entries(contract))
      if (/(Input|Body|Update|Decision|Request|Query)$/.test(name)) walk(schema);
    expect(fields.size).toBeGreaterThan(80);
    for (const catalogue of [en, ms, zh]) {
      const named = catalogue.recordFields as Record<string, string>;
      expect([...fields].filter((f) => !builtByTheWeb.has(f) && !named[f])).toEqual([]);
    }
  });

  it("English has both plural forms where Malay and Chinese have one", () => {
    for (const key of Object.keys(errorsOf(ms)).filter((k) => k.endsWith("_other"))) {
      expect(Object.keys(errorsOf(en))).toContain(key.replace(/_other$/, "_one"));
    }
  });

  it("shows an answer by its code: the field named in the language, the figures formatted", () => {
    const required = {
      message: "Username is required.",
      code: "required",
      params: { field: "username" },
    };
    expect(errorText(required, "en")).toBe("Username is required.");
    expect(errorText(required, "ms")).toBe(`${ms.recordFields.username} diperlukan.`);
    expect(
      errorText(
        {
          message: "Password must be at least 8 characters.",
          code: "too_short",
          params: { field: "password", min: 8 },
        },
        "zh",
      ),
    ).toBe(`${zh.recordFields.password}至少需要 8 个字符。`);
    expect(
      errorText(
        {
          message:
            "The cash wallet holds RM 49.99, less than the RM 1234.50 requested; the request stays processing.",
          code: "withdrawal_above_balance",
          params: { held: "49.99", amount: "1234.50" },
        },
        "ms",
      ),
    ).toContain("RM 1,234.50");
    expect(
      errorText(
        {
          message: "Coupon code SAVE10 already exists.",
          code: "coupon_exists",
          params: { code: "SAVE10" },
        },
        "ms",
      ),
    ).toBe("Kod kupon SAVE10 sudah wujud.");
  });

  it("a sentence with a count takes its plural form; an answer without a code stays as it is", () => {
    const products = (count: number) => ({
      message: "…",
      code: "category_has_products",
      params: { count },
    });
    expect(errorText(products(3), "zh")).toBe("此分类下仍有 3 个商品。请先移动或删除它们。");
    expect(i18next.t("errors.category_has_products", { lng: "en", count: 1 })).toBe(
      "This category still has 1 product. Move or delete them first.",
    );
    expect(i18next.t("errors.category_has_products", { lng: "en", count: 2 })).toBe(
      "This category still has 2 products. Move or delete them first.",
    );
    expect(errorText({ message: "Bad gateway from a proxy." }, "ms")).toBe(
      "Bad gateway from a proxy.",
    );
    expect(errorText({ message: "x", code: "no_such_code" }, "ms")).toBe("x");
  });
});

/** Every `translate("…")` of the web app's source: a label handed over in English. */
function translateLiterals(): string[] {
  const root = path.resolve(import.meta.dirname, "../src");
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    /\.tsx?$/.test(f),
  );
  const source = files.map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");
  return [
    ...new Set(
      [...source.matchAll(/\btranslate\(\s*"((?:[^"\\]|\\.)+)"\s*[,)]/g)].map((m) =>
        (m[1] ?? "").replaceAll('\\"', '"'),
      ),
    ),
  ];
}

describe("labels handed over in English (translate)", () => {
  beforeAll(async () => {
    await setLanguage("ms");
    await setLanguage("zh");
  });
  afterAll(() => setLanguage("en"));

  it("every translate literal of the source is in the catalogues", () => {
    const known = new Set([
      ...Object.keys(en.texts),
      ...Object.keys(en.messages),
      ...Object.keys(en.fields),
    ]);
    const literals = translateLiterals();
    expect(literals.length).toBeGreaterThan(100);
    expect(literals.filter((text) => !known.has(text))).toEqual([]);
  });

  it("translates a label, a row action and a list's count line", () => {
    expect(translateLabel("Add Product", undefined, "ms")).toBe("Tambah Produk");
    expect(translateLabel("Edit {{name}}", { name: "Rice Cooker Smart IH" }, "ms")).toBe(
      "Sunting Rice Cooker Smart IH",
    );
    expect(
      translateLabel(
        "Showing {{from}} to {{to}} of {{total}} entries",
        { from: 1, to: 10, total: "1,500" },
        "zh",
      ),
    ).toBe("显示第 1 至 10 条，共 1,500 条");
    expect(
      translateLabel(
        "{{field}} from",
        { field: translateLabel("Expired Date", undefined, "ms") },
        "ms",
      ),
    ).toBe("Tarikh Luput dari");
    // A sentence already filled in is not matched back into its template.
    expect(translateLabel("Edit Rice Cooker Smart IH", undefined, "ms")).toBe(
      "Edit Rice Cooker Smart IH",
    );
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

/**
 * The screens' source, read for English a language would miss: a label or a
 * sentence written straight into JSX (`<p>Page {page} of {last}</p>`), a
 * string rendered as is (`{busy ? "Loading…" : "Scroll for more"}`), an
 * element's own accessible name or placeholder, and a `translate(`…${x}…`)` whose
 * sentence has no template in the catalogues' `messages`.
 */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Every node of a tree, each with its ancestors (nearest last). */
function walk(node: Node, visit: (node: Node, parents: readonly Node[]) => void): void {
  const parents: Node[] = [];
  const go = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) go(item);
      return;
    }
    if (!isNode(value)) return;
    visit(value, parents);
    parents.push(value);
    for (const [key, child] of Object.entries(value))
      if (key !== "parent" && typeof child === "object" && child !== null) go(child);
    parents.pop();
  };
  go(node);
}

interface SourceFile {
  file: string;
  text: string;
  program: Node;
}

function webSources(): SourceFile[] {
  const root = path.resolve(import.meta.dirname, "../src");
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => {
      const file = f.replaceAll(path.sep, "/");
      const text = fs.readFileSync(path.join(root, f), "utf8");
      const { program, errors } = parseSync(file, text, { lang: f.endsWith("x") ? "tsx" : "ts" });
      if (errors.length) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
      return { file, text, program: program as unknown as Node };
    });
}

const lineOf = (source: SourceFile, node: Node) =>
  source.text.slice(0, node.start).split("\n").length;
const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

/** What stays the same in every language (docs/decisions/languages.md). */
const SAME_IN_EVERY_LANGUAGE = /\b(?:RM|PV|SKU|ID)\b/g;
const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text.replace(SAME_IN_EVERY_LANGUAGE, ""));

/** Walks up from a string through `a ? "x" : "y"`, `a && "x"` and parentheses. */
function renderedBy(parents: readonly Node[]): { holder?: Node; owner?: Node } {
  let i = parents.length - 1;
  while (
    i >= 0 &&
    ["ConditionalExpression", "LogicalExpression", "ParenthesizedExpression"].includes(
      parents[i]?.type ?? "",
    )
  )
    i--;
  return { holder: parents[i], owner: parents[i - 1] };
}

/** The English a screen shows without passing it through translate() or t(). */
function englishInJsx(sources: SourceFile[]): string[] {
  const found: string[] = [];
  for (const source of sources) {
    const report = (node: Node, text: string) =>
      found.push(`${source.file}:${lineOf(source, node)}: ${tidy(text)}`);
    walk(source.program, (node, parents) => {
      if (node.type === "JSXText") {
        if (hasWords(String(node.value))) report(node, String(node.value));
        return;
      }
      if (node.type !== "Literal" || typeof node.value !== "string" || !hasWords(node.value))
        return;
      // A conditional's test ("a === 'x' ? …") is not shown.
      const direct = parents.at(-1);
      if (direct?.type === "ConditionalExpression" && direct.test === node) return;
      const { holder, owner } = renderedBy(parents);
      if (holder?.type !== "JSXExpressionContainer" && holder?.type !== "JSXAttribute") return;
      const attribute = holder.type === "JSXAttribute" ? holder : owner;
      if (attribute?.type !== "JSXAttribute") {
        // A child of an element or a fragment: shown as it is.
        report(node, node.value);
        return;
      }
      // An element's own accessible name, title or placeholder (a component translates its props).
      const name = (attribute.name as Node & { name?: string }).name ?? "";
      const element = parents.findLast((p) => p.type === "JSXOpeningElement");
      const tag = (element?.name as (Node & { name?: string }) | undefined)?.name ?? "";
      if (/^[a-z]/.test(tag) && ["aria-label", "title", "placeholder", "alt"].includes(name))
        report(node, node.value);
    });
  }
  return found;
}

describe("no English written into the screens", () => {
  const sources = webSources();

  it("reads every screen and component", () => {
    expect(sources.length).toBeGreaterThan(80);
  });

  it("no label, sentence or accessible name is shown without translate() or t()", () => {
    expect(englishInJsx(sources)).toEqual([]);
  });

  it("translate() takes a catalogue key as written and the values its placeholders name, never a filled-in sentence", () => {
    const known = new Set([
      ...Object.keys(en.messages),
      ...Object.keys(en.texts),
      ...Object.keys(en.fields),
    ]);
    const problems: string[] = [];
    let count = 0;
    for (const source of sources)
      walk(source.program, (node) => {
        const callee = node.callee as Node & { name?: string };
        const [text, values] = (node.arguments ?? []) as Node[];
        if (node.type !== "CallExpression" || callee?.name !== "translate" || !text) return;
        const at = `${source.file}:${lineOf(source, node)}`;
        if (text.type === "TemplateLiteral") {
          problems.push(`${at}: a sentence built before translating`);
          return;
        }
        if (text.type !== "Literal" || typeof text.value !== "string") return;
        const key = text.value;
        const wanted = placeholders(key).join();
        if (!wanted) return;
        count++;
        if (!known.has(key)) problems.push(`${at}: "${key}" is in no catalogue`);
        const given =
          values?.type === "ObjectExpression"
            ? ((values.properties ?? []) as Node[])
                .map((p) => String((p.key as Node & { name?: string })?.name ?? ""))
                .sort()
                .join()
            : "";
        if (given !== wanted) problems.push(`${at}: "${key}" given {${given}}`);
      });
    expect(count).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it("the check finds English written into JSX", () => {
    const probe = (code: string) =>
      englishInJsx([
        {
          file: "probe.tsx",
          text: code,
          program: parseSync("probe.tsx", code, { lang: "tsx" }).program as unknown as Node,
        },
      ]);
    expect(probe("const a = <span>Page {page} of {last}</span>;")).toHaveLength(2);
    expect(probe('const a = <div>{busy ? "Loading…" : "Scroll for more"}</div>;')).toHaveLength(2);
    expect(probe('const a = <button aria-label="Remove filter">×</button>;')).toHaveLength(1);
    expect(
      probe('const a = <span>{translate(busy ? "Loading…" : "Scroll for more")}</span>;'),
    ).toEqual([]);
    expect(probe('const a = <Field label="Type" className="d-flex">RM {x}</Field>;')).toEqual([]);
  });
});
