import { useState } from "react";
import type { ListState } from "../useListState";

/**
 * A row as the bulk bar knows it: its id, its name, the version the list
 * showed (If-Match) and the record itself (what a `summary` lists).
 */
export interface PickedRow<T = unknown> {
  id: number;
  name: string;
  version?: number | undefined;
  row?: T | undefined;
}

/**
 * The rows an admin has ticked (their ids and names, across pages), or every
 * record the list matches. A new search or filter starts afresh: the ticked
 * rows may no longer be on show. Each ticked row keeps the version it was
 * shown with, sent with the action: a row changed since is left as it is (412).
 */
export function useSelection<T = unknown>(list: ListState) {
  // Each ticked row as it was ticked (its name, version and record): a row
  // ticked on another page still has its version sent and is listed in a summary.
  const [picked, setPicked] = useState<ReadonlyMap<number, PickedRow<T>>>(new Map());
  const [matching, setMatching] = useState(false);
  const shown = JSON.stringify(list.filterParams);
  const [selectedIn, setSelectedIn] = useState(shown);
  if (selectedIn !== shown) {
    setSelectedIn(shown);
    setPicked(new Map());
    setMatching(false);
  }
  const chosen: ReadonlyMap<number, string> = new Map(
    [...picked.values()].map((row) => [row.id, row.name]),
  );

  /** Ticks or unticks rows, keeping the version each was shown with. */
  function pick(rows: PickedRow<T>[], on: boolean) {
    setMatching(false);
    setPicked((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  }

  /** A ticked row's field as on show now (`onShow`), else as it was ticked. */
  function latest<K extends "version" | "row">(onShow: PickedRow<T>[], field: K) {
    const now = new Map(onShow.map((row) => [row.id, row[field]]));
    return (id: number) => (now.get(id) !== undefined ? now.get(id) : picked.get(id)?.[field]);
  }

  return {
    chosen,
    matching,
    count: picked.size,
    has: (id: number) => matching || picked.has(id),
    toggle(id: number, name: string, on: boolean, version?: number, row?: T) {
      pick([{ id, name, version, row }], on);
    },
    /** Ticks or unticks every row of the page. */
    togglePage(rows: PickedRow<T>[], on: boolean) {
      pick(rows, on);
    },
    /** The ticked records, in the order ticked: as on show now, else as they were ticked. */
    records(onShow: PickedRow<T>[] = []): { id: number; row: T }[] {
      const rowOf = latest(onShow, "row");
      return [...picked.keys()].flatMap((id) => {
        const row = rowOf(id) as T | undefined;
        return row === undefined ? [] : [{ id, row }];
      });
    },
    /**
     * The versions the chosen rows were shown with, as a bulk call sends them
     * ("<id>": n): a row on show now, as it is shown now; one ticked on another page, as it was then.
     */
    versions(onShow: PickedRow<T>[] = []): Record<string, number> | undefined {
      const versionOf = latest(onShow, "version");
      const known = [...picked.keys()].flatMap((id) => {
        const version = versionOf(id) as number | undefined;
        return version === undefined ? [] : [[String(id), version] as const];
      });
      return known.length === 0 ? undefined : Object.fromEntries(known);
    },
    selectMatching: () => setMatching(true),
    clear() {
      setPicked(new Map());
      setMatching(false);
    },
  };
}

export type Selection<T = unknown> = ReturnType<typeof useSelection<T>>;
