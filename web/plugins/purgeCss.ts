import { createHash } from "node:crypto";
import postcss from "postcss";
import { type Plugin, parseSync, type Rolldown, Visitor } from "vite";

type OutputAsset = Rolldown.OutputAsset;
type OutputChunk = Rolldown.OutputChunk;

/**
 * The words the built app can put in a class attribute or an attribute selector.
 * `tokens`: every word of the built code and page, identifiers included (React
 * props become attributes). `prefixes` and `values`: the pieces the app and its
 * UI library (react-bootstrap) join into classes at run time, a prefix written
 * in a template or as a string that is a class itself (`text-bg-${bg}`, "btn")
 * and a value from their strings or the app's own numbers (`<Col sm={6}>`).
 */
export interface Words {
  tokens: Set<string>;
  prefixes: Set<string>;
  values: Set<string>;
}

/** Modules whose strings may become pieces of a class. */
const CLASS_BUILDERS = /\/web\/src\/|\/node_modules\/(react-bootstrap|@restart\/ui)\//;

export function collectWords(
  built: { name: string; code: string }[],
  modules: { id: string; code: string }[],
): Words {
  const words: Words = { tokens: new Set(), prefixes: new Set(), values: new Set() };
  for (const { code } of built) {
    for (const word of code.match(/[\w-]+/g) ?? []) words.tokens.add(word);
  }
  const split = (text: string) =>
    text
      .split(/\s+/)
      .map((word) => word.replace(/^-+|-+$/g, ""))
      .filter(Boolean);
  for (const { id, code } of modules) {
    if (!CLASS_BUILDERS.test(id)) continue;
    const own = id.includes("/web/src/");
    new Visitor({
      Literal(node) {
        if (typeof node.value === "string") for (const w of split(node.value)) words.values.add(w);
        if (own && typeof node.value === "number" && Number.isInteger(node.value)) {
          words.values.add(String(node.value));
        }
      },
      TemplateElement(node) {
        for (const w of split(node.value.cooked ?? node.value.raw)) {
          words.values.add(w);
          words.prefixes.add(w);
        }
      },
    }).visit(parseSync(id.replace(/\?.*$/, ""), code).program);
  }
  return words;
}

/**
 * A class is used when it is written whole, or built as react-bootstrap builds
 * them: a prefix and then values, each joined with "-" ("btn" + "outline-secondary",
 * "col" + "sm" + 6, "modal" + "dialog" + "centered").
 */
function classUsed(name: string, words: Words, classes: Set<string>): boolean {
  if (words.tokens.has(name)) return true;
  const parts = name.split("-");
  const piece = (from: number, to: number) => parts.slice(from, to).join("-");
  const isPrefix = (p: string) => words.prefixes.has(p) || (classes.has(p) && words.values.has(p));
  // joined[i]: parts[0..i) can be written as a prefix followed by values.
  const joined = parts.map((_, i) => i > 0 && isPrefix(piece(0, i)));
  for (let end = 2; end <= parts.length; end += 1) {
    for (let start = 1; start < end && !joined[end]; start += 1) {
      joined[end] = !!joined[start] && words.values.has(piece(start, end));
    }
  }
  return !!joined[parts.length];
}

/**
 * A selector is kept when each class and attribute it needs can occur. What sits
 * inside :not() or :has() is not needed (`.btn:not(.active)` matches without it).
 */
function selectorUsed(selector: string, words: Words, classes: Set<string>): boolean {
  const needed = selector.replace(/:(not|has)\((?:[^()]|\([^()]*\))*\)/g, "");
  for (const [, name] of needed.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) {
    if (!classUsed(name!, words, classes)) return false;
  }
  for (const [, name] of needed.matchAll(/\[([\w-]+)/g)) {
    if (!words.tokens.has(name!)) return false;
  }
  return true;
}

export function purgeCss(css: string, words: Words): string {
  const root = postcss.parse(css);
  const classes = new Set([...css.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map(([, name]) => name!));
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as postcss.AtRule).name)) {
      return;
    }
    const kept = rule.selectors.filter((selector) => selectorUsed(selector, words, classes));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  // Animations no kept rule names, then at-rules left empty.
  const animations = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules(/keyframes$/, (rule) => {
    if (!animations.has(rule.params)) rule.remove();
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    root.walkAtRules((rule) => {
      if (rule.nodes && rule.nodes.length === 0) {
        rule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

/**
 * Keeps only the CSS rules the built app can use: Bootstrap's stylesheet is 230
 * kB of which the app uses about a quarter (docs/benchmarks/web-and-edge.md, "Web app size
 * and first load"). It reads the final JavaScript, so a class that a component
 * builds at run time from pieces ("btn" + "-" + variant) is kept too. The file
 * is renamed by its new content, so a cached copy is never mistaken for it.
 */
export function purgeUnusedCss(): Plugin {
  return {
    name: "purge-unused-css",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const chunks = files.filter((f): f is OutputChunk => f.type === "chunk");
      const pages = files.filter(
        (f): f is OutputAsset => f.type === "asset" && f.fileName.endsWith(".html"),
      );
      const modules = chunks
        .flatMap((chunk) => chunk.moduleIds)
        .map((id) => ({ id, code: this.getModuleInfo(id)?.code ?? "" }));
      const words = collectWords(
        [
          ...chunks.map((c) => ({ name: c.fileName, code: c.code })),
          ...pages.map((p) => ({ name: p.fileName, code: String(p.source) })),
        ],
        modules,
      );
      for (const file of files) {
        if (file.type !== "asset" || !file.fileName.endsWith(".css")) continue;
        const css = purgeCss(String(file.source), words);
        const hash = createHash("sha256").update(css).digest("base64url").slice(0, 8);
        const fileName = file.fileName.replace(/-[\w-]+\.css$/, `-${hash}.css`);
        delete bundle[file.fileName];
        this.emitFile({ type: "asset", fileName, source: css });
        for (const chunk of chunks) {
          chunk.code = chunk.code.replaceAll(file.fileName, fileName);
          const imported = chunk.viteMetadata?.importedCss;
          if (imported?.delete(file.fileName)) imported.add(fileName);
        }
        for (const page of pages) {
          page.source = String(page.source).replaceAll(file.fileName, fileName);
        }
      }
    },
  };
}
