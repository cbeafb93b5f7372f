import fs from "node:fs";
import path from "node:path";
import { parseSync } from "vite";
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

/**
 * The screens' source, read for English a language would miss: a label or a
 * sentence written straight into JSX (`<p>Page {page} of {last}</p>`), a
 * string rendered as is (`{busy ? "Loading…" : "Scroll for more"}`), an
 * element's own accessible name or placeholder, and a `tx(`…${x}…`)` whose
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

/** The English a screen shows without passing it through tx() or t(). */
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each sentence a `tx(`…`)` template can build, its parts that vary as "{{}}". */
function templateSentences(literal: Node): string[] {
  const quasis = literal.quasis as (Node & { value: { cooked: string } })[];
  const expressions = literal.expressions as Node[];
  let sentences = [quasis[0]?.value.cooked ?? ""];
  expressions.forEach((expression, i) => {
    const branches =
      expression.type === "ConditionalExpression" &&
      [expression.consequent, expression.alternate].every(
        (b) => isNode(b) && b.type === "Literal" && typeof b.value === "string",
      )
        ? [expression.consequent, expression.alternate].map((b) => String((b as Node).value))
        : ["{{}}"];
    const next = quasis[i + 1]?.value.cooked ?? "";
    sentences = sentences.flatMap((s) => branches.map((b) => `${s}${b}${next}`));
  });
  return sentences;
}

describe("no English written into the screens", () => {
  const sources = webSources();

  it("reads every screen and component", () => {
    expect(sources.length).toBeGreaterThan(80);
  });

  it("no label, sentence or accessible name is shown without tx() or t()", () => {
    expect(englishInJsx(sources)).toEqual([]);
  });

  it("every sentence a tx() template literal builds has a template in the catalogues", () => {
    const known = new Set(
      [...Object.keys(en.messages), ...Object.keys(en.texts), ...Object.keys(en.fields)].map(
        (key) => key.replace(/\{\{\w+\}\}/g, "{{}}"),
      ),
    );
    const fieldNames = new Set([...Object.keys(en.texts), ...Object.keys(en.fields)]);
    // "Order #{{}}" is "{{field}} #{{id}}" with a field name the catalogues know.
    const withField = Object.keys(en.messages)
      .filter((key) => key.includes("{{field}}"))
      .map((key) => {
        const source = key
          .split(/(\{\{\w+\}\})/)
          .map((part) =>
            part === "{{field}}"
              ? "(.+?)"
              : /^\{\{\w+\}\}$/.test(part)
                ? "\\{\\{\\}\\}"
                : escapeRegExp(part),
          )
          .join("");
        return new RegExp(`^${source}$`);
      });
    const covered = (sentence: string) =>
      known.has(sentence) ||
      withField.some((pattern) => fieldNames.has(pattern.exec(sentence)?.[1] ?? ""));
    const missing: string[] = [];
    let count = 0;
    for (const source of sources)
      walk(source.program, (node) => {
        const callee = node.callee as Node & { name?: string };
        const [argument] = (node.arguments ?? []) as Node[];
        if (node.type !== "CallExpression" || callee?.name !== "tx") return;
        if (argument?.type !== "TemplateLiteral") return;
        count++;
        for (const sentence of templateSentences(argument))
          if (hasWords(sentence.replaceAll("{{}}", "")) && !covered(sentence))
            missing.push(`${source.file}:${lineOf(source, node)}: ${sentence}`);
      });
    expect(count).toBeGreaterThan(30);
    expect(missing).toEqual([]);
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
    expect(probe('const a = <span>{tx(busy ? "Loading…" : "Scroll for more")}</span>;')).toEqual(
      [],
    );
    expect(probe('const a = <Field label="Type" className="d-flex">RM {x}</Field>;')).toEqual([]);
  });
});
