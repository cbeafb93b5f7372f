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
  const [chosen, setChosen] = useState<ReadonlyMap<number, string>>(new Map());
  const [versions, setVersions] = useState<ReadonlyMap<number, number>>(new Map());
  // The records as ticked: a row ticked on another page is still listed in a summary.
  const [records, setRecords] = useState<ReadonlyMap<number, T>>(new Map());
  const [matching, setMatching] = useState(false);
  const shown = JSON.stringify(list.filterParams);
  const [selectedIn, setSelectedIn] = useState(shown);
  if (selectedIn !== shown) {
    setSelectedIn(shown);
    setChosen(new Map());
    setVersions(new Map());
    setRecords(new Map());
    setMatching(false);
  }

  /** Ticks or unticks rows, keeping the version each was shown with. */
  function pick(rows: PickedRow<T>[], on: boolean) {
    setMatching(false);
    setChosen((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row.name);
        else next.delete(row.id);
      }
      return next;
    });
    setVersions((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on && row.version !== undefined) next.set(row.id, row.version);
        else next.delete(row.id);
      }
      return next;
    });
    setRecords((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on && row.row !== undefined) next.set(row.id, row.row);
        else next.delete(row.id);
      }
      return next;
    });
  }

  return {
    chosen,
    matching,
    count: chosen.size,
    has: (id: number) => matching || chosen.has(id),
    toggle(id: number, name: string, on: boolean, version?: number, row?: T) {
      pick([{ id, name, version, row }], on);
    },
    /** Ticks or unticks every row of the page. */
    togglePage(rows: PickedRow<T>[], on: boolean) {
      pick(rows, on);
    },
    /** The ticked records, in the order ticked: as on show now, else as they were ticked. */
    records(onShow: PickedRow<T>[] = []): { id: number; row: T }[] {
      const shownNow = new Map(records);
      for (const r of onShow) if (r.row !== undefined) shownNow.set(r.id, r.row);
      return [...chosen.keys()].flatMap((id) => {
        const row = shownNow.get(id);
        return row === undefined ? [] : [{ id, row }];
      });
    },
    /**
     * The versions the chosen rows were shown with, as a bulk call sends them
     * ("<id>": n): a row on show now, as it is shown now; one ticked on another page, as it was then.
     */
    versions(onShow: PickedRow<T>[] = []): Record<string, number> | undefined {
      const shownNow = new Map(versions);
      for (const row of onShow) if (row.version !== undefined) shownNow.set(row.id, row.version);
      const known = [...chosen.keys()].filter((id) => shownNow.has(id));
      if (known.length === 0) return undefined;
      return Object.fromEntries(known.map((id) => [String(id), shownNow.get(id) ?? 0]));
    },
    selectMatching: () => setMatching(true),
    clear() {
      setChosen(new Map());
      setVersions(new Map());
      setRecords(new Map());
      setMatching(false);
    },
  };
}

export type Selection<T = unknown> = ReturnType<typeof useSelection<T>>;
