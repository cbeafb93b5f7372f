import { describe, expect, it } from "vitest";
import { collectWords, purgeCss } from "../plugins/purgeCss";

// A component as react-bootstrap writes one: the class built from a prefix and
// the app's variant, a grid class from a breakpoint and the app's number.
const code = [
  'const variant = "outline-secondary";',
  'const span = 6, infix = "-sm";',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a component's source, as text
  "export const a = { className: `btn-${variant} mb-3`, col: `col${infix}-${span}` };",
  'export const b = { "data-bs-popper": "static", role: "menu" };',
].join("\n");
const words = collectWords([{ name: "chunk.js", code }], [{ id: "/repo/web/src/Page.tsx", code }]);

describe("the CSS purge of the build (plugins/purgeCss.ts)", () => {
  const css = [
    ".btn-outline-secondary{color:red}",
    ".btn-outline-danger{color:red}",
    ".mb-3{margin:1px}",
    ".mb-4{margin:2px}",
    ".col-sm-6{width:50%}",
    ".col-sm-5{width:40%}",
    ".d-none{display:none}",
    ".mb-3:not(.unused){color:blue}",
    ".mb-3[data-bs-popper]{top:100%}",
    "[data-bs-theme=dark]{color:white}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
    ".spinner{animation:spin 1s}",
    "@keyframes glow{50%{opacity:.2}}",
    ".col-sm-6:hover{animation:glow 2s}",
    "@media (min-width:1px){.mb-4{margin:3px}}",
    "p,.d-none{margin:0}",
  ].join("");
  const kept = purgeCss(css, words);

  it("keeps the classes the code writes whole or builds from its pieces", () => {
    expect(kept).toContain(".btn-outline-secondary");
    expect(kept).toContain(".mb-3{");
    expect(kept).toContain(".col-sm-6");
    expect(kept).toContain(".mb-3:not(.unused)");
    expect(kept).toContain("[data-bs-popper]");
  });

  it("drops the rest, and the animations and at-rules only they needed", () => {
    for (const gone of [
      "btn-outline-danger",
      "mb-4",
      "col-sm-5",
      "d-none",
      "data-bs-theme",
      "spin",
    ]) {
      expect(kept, gone).not.toContain(gone);
    }
    expect(kept).toContain("@keyframes glow");
    expect(kept).not.toContain("@media");
    expect(kept).toContain("p{margin:0}");
  });
});
