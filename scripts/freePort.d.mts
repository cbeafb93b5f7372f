/** A port nobody listens on at this moment, on loopback (scripts/freePort.mjs). */
export function freePort(): Promise<number>;
