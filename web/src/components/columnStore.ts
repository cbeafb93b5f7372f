import { useCallback, useSyncExternalStore } from "react";
import { readAdmin } from "../lib/session";

/**
 * Which columns an admin chose to see on a list, kept in localStorage under
 * one key per admin and list, as react-admin keeps its list preferences
 * (docs/decisions/column-chooser.md). `known` is every choosable column the
 * list had when the choice was made: a column added later shows or hides by
 * its own default until the admin chooses again.
 */
export interface ColumnChoice {
  shown: string[];
  known: string[];
}

const PREFIX = "storeAdmin.columns";

/** The key of one admin's choice for one list (the list's path). */
export function columnStoreKey(list: string, adminId = readAdmin()?.user_id): string {
  return `${PREFIX}.${adminId ?? "anonymous"}.${list}`;
}

function isChoice(value: unknown): value is ColumnChoice {
  if (typeof value !== "object" || value === null) return false;
  const { shown, known } = value as Record<string, unknown>;
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === "string");
  return strings(shown) && strings(known);
}

/** The stored choice, as its JSON text (stable between reads, so a snapshot). */
function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(raw: string | null): ColumnChoice | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isChoice(value) ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab of the same admin chose: this one follows.
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function writeColumnChoice(key: string, choice: ColumnChoice | null): void {
  try {
    if (choice) localStorage.setItem(key, JSON.stringify(choice));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

/** The admin's column choice for a list, and a setter (null: back to the defaults). */
export function useColumnChoice(
  list: string,
): [ColumnChoice | null, (choice: ColumnChoice | null) => void] {
  const key = columnStoreKey(list);
  const raw = useSyncExternalStore(subscribe, () => readRaw(key));
  const choose = useCallback(
    (choice: ColumnChoice | null) => writeColumnChoice(key, choice),
    [key],
  );
  return [parse(raw), choose];
}
