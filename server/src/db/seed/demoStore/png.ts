/**
 * Small PNG images drawn locally (no downloads): an RGB tile with a simple
 * pattern, encoded with node:zlib and a CRC-32 table.
 */
import { deflateSync } from "node:zlib";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type Rgb = readonly [number, number, number];
export type Pattern = "stripes" | "dots" | "diamond" | "checks" | "rings" | "plain";
export const PATTERNS: readonly Pattern[] = ["stripes", "dots", "diamond", "checks", "rings"];

/** Whether pixel (x, y) of a w × h tile belongs to the pattern's foreground. */
function inPattern(pattern: Pattern, x: number, y: number, w: number, h: number): boolean {
  const cx = x - w / 2;
  const cy = y - h / 2;
  switch (pattern) {
    case "stripes":
      return Math.floor((x + y) / 16) % 2 === 0;
    case "dots":
      return ((x % 40) - 20) ** 2 + ((y % 40) - 20) ** 2 < 100;
    case "diamond":
      return Math.abs(cx) / w + Math.abs(cy) / h < 0.35;
    case "checks":
      return (Math.floor(x / 25) + Math.floor(y / 25)) % 2 === 0;
    case "rings":
      return Math.floor(Math.sqrt(cx * cx + cy * cy) / 14) % 2 === 0;
    case "plain":
      return false;
  }
}

/** A w × h PNG: `back` ground, `fore` pattern and a 4-pixel `fore` border. */
export function drawTile(w: number, h: number, back: Rgb, fore: Rgb, pattern: Pattern): Buffer {
  const stride = 1 + w * 3;
  const raw = Buffer.alloc(stride * h);
  for (let y = 0; y < h; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const edge = x < 4 || y < 4 || x >= w - 4 || y >= h - 4;
      const [r, g, b] = edge || inPattern(pattern, x, y, w, h) ? fore : back;
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An RGB colour from a hue (0-359), saturation and lightness (0-1). */
export function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - c / 2;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}
