// The admin's colour mode (docs/decisions/dark-mode.md), set on <html> before
// the page is drawn: a plain script in <head> (no flash of the light page), a file
// of its own because the Content-Security-Policy allows no inline script.
// web/src/lib/theme.ts keeps the same key and rule.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem("theme");
  } catch {
    // Storage refused (a private window's policy): follow the system.
  }
  const dark =
    choice === "dark" ||
    (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.setAttribute("data-bs-theme", dark ? "dark" : "light");
})();
