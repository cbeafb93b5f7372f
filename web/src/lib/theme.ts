import { useSyncExternalStore } from "react";

/**
 * Light, dark or as the system says (docs/decisions/dark-mode.md): Bootstrap's
 * colour modes through `data-bs-theme` on <html>, the choice remembered in this
 * browser. public/theme.js applies it before the first paint with the same key.
 */
export type ThemeChoice = "light" | "dark" | "system";
export type Theme = "light" | "dark";

/** The menu's order; each is named in the catalogues under theme.<choice>. */
export const THEME_CHOICES: readonly ThemeChoice[] = ["light", "dark", "system"];

const KEY = "theme";
const systemDark = () => window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(KEY);
  } catch {
    // Storage refused: as the system says.
  }
  return stored === "light" || stored === "dark" ? stored : "system";
}

function resolve(choice: ThemeChoice): Theme {
  if (choice !== "system") return choice;
  return systemDark().matches ? "dark" : "light";
}

function apply(): void {
  document.documentElement.setAttribute("data-bs-theme", resolve(readThemeChoice()));
  for (const listener of listeners) listener();
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Not remembered; still applied to this page.
  }
  apply();
}

/** The theme drawn now (a change of the system's mode counts while "System" is chosen). */
export function currentTheme(): Theme {
  return document.documentElement.getAttribute("data-bs-theme") === "dark" ? "dark" : "light";
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) systemDark().addEventListener("change", apply);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) systemDark().removeEventListener("change", apply);
  };
}

/** The admin's choice and the theme it draws, re-rendering when either changes. */
export function useTheme(): { choice: ThemeChoice; theme: Theme } {
  const choice = useSyncExternalStore(subscribe, readThemeChoice);
  const theme = useSyncExternalStore(subscribe, currentTheme);
  return { choice, theme };
}
