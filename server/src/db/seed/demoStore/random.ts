import { fromSen } from "@store/contract";

/**
 * A seeded pseudo-random source (mulberry32): the demo store is the same on
 * every machine and every run, so tests and screenshots can rely on it.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** Picks by weight: `weights[i]` is how likely `items[i]` is, relatively. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let roll = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** A string of `length` decimal digits. */
  digits(length: number): string {
    let text = "";
    for (let i = 0; i < length; i++) text += String(this.int(0, 9));
    return text;
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  }
}

/** Whole cents as an exact decimal string: 1250 → "12.50". No float ever holds money. */
export function centsToMoney(cents: number): string {
  return fromSen(BigInt(Math.round(cents)));
}

/** `cents` × `percent` / 100, rounded half up, in whole cents (integer arithmetic). */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * Math.round(percent * 100) + 5000) / 10000);
}
