import zlib from "node:zlib";

/**
 * A WOFF 1.0 font as the plain TrueType/OpenType font it wraps: each table
 * inflated by Node's zlib. fontkit (inside pdfkit) reads WOFF itself, but
 * inflates with a JavaScript inflater on every use: 10 s and more for the
 * 1.5 MB Noto Sans SC; this takes about 50 ms, once (docs/decisions/invoices.md).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const original = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    tables.push({
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      // A table is stored as it is when compressing did not make it smaller.
      data: compressed < original ? zlib.inflateSync(stored) : stored,
    });
  }
  const padded = (length: number) => (length + 3) & ~3;
  const directory = 12 + count * 16;
  const out = Buffer.alloc(directory + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const selector = Math.floor(Math.log2(count));
  const range = 2 ** selector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(range, 6);
  out.writeUInt16BE(selector, 8);
  out.writeUInt16BE(count * 16 - range, 10);
  let offset = directory;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    out.writeUInt32BE(table.tag, entry);
    out.writeUInt32BE(table.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(out, offset);
    offset += padded(table.data.length);
  });
  return out;
}
