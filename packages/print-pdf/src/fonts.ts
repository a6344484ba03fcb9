import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * A font embedded as a subset (only the glyphs drawn) under a PDF subset name: six capital
 * letters, '+', the PostScript name (ISO 32000 §9.6.4). pdf-lib's own default name is the
 * PostScript name with a random number, which preflight tools do not recognise as a subset and
 * which makes two exports of the same file differ; the tag here is a hash of the face and of
 * every string the exporter draws, so the same input gives the same bytes.
 */
export async function embedSubset(doc: PDFDocument, source: Uint8Array, texts: readonly string[]): Promise<PDFFont> {
  const bytes = evenGlyphRecords(source);
  const face = fontkit.create(bytes);
  const postscript = face.postscriptName || 'Font';
  return doc.embedFont(bytes, { subset: true, customName: `${subsetTag(postscript, texts)}+${postscript}` });
}

/** Six letters A–Z from an FNV-1a hash of the name and the texts. */
export function subsetTag(name: string, texts: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const ch of [name, ...texts].join('\u0000')) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + (i + 1) * 7919;
  }
  return tag;
}

/**
 * The font with every `glyf` record padded to a multiple of four bytes (and a long `loca`).
 * @pdf-lib/fontkit writes a subset's `loca` in the short format, halving offsets, without
 * padding the glyph records it copies: one odd-length record in the source shifts every later
 * glyph by a byte, and viewers draw those glyphs blank (Inter has 518 odd records: its subsets
 * lost most letters). Padded records make the halving exact. Fonts without `glyf` (CFF) or
 * already even pass through unchanged.
 */
export function evenGlyphRecords(font: Uint8Array): Uint8Array {
  // Callers keep their font bytes (read once per process): each is rewritten once, not per export.
  const known = padded.get(font);
  if (known) return known;
  const out = padGlyphRecords(font);
  padded.set(font, out);
  return out;
}

const padded = new WeakMap<Uint8Array, Uint8Array>();

function padGlyphRecords(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < numTables; i++) {
    const at = 12 + 16 * i;
    tables.set(String.fromCharCode(...font.subarray(at, at + 4)), { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  if (!head || !maxp || !loca || !glyf) return font;
  const long = view.getInt16(head.offset + 50) === 1;
  const glyphs = view.getUint16(maxp.offset + 4);
  const offsetOf = (i: number) => (long ? view.getUint32(loca.offset + 4 * i) : 2 * view.getUint16(loca.offset + 2 * i));
  let uneven = false;
  for (let i = 0; i < glyphs && !uneven; i++) uneven = (offsetOf(i + 1) - offsetOf(i)) % 4 !== 0;
  if (!uneven) return font;

  const pad4 = (n: number) => (n + 3) & ~3;
  let glyfLength = 0;
  for (let i = 0; i < glyphs; i++) glyfLength += pad4(offsetOf(i + 1) - offsetOf(i));
  const newGlyf = new Uint8Array(glyfLength);
  const newLoca = new Uint8Array(4 * (glyphs + 1));
  const locaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let i = 0; i < glyphs; i++) {
    const start = offsetOf(i);
    const end = offsetOf(i + 1);
    locaView.setUint32(4 * i, at);
    newGlyf.set(font.subarray(glyf.offset + start, glyf.offset + end), at);
    at += pad4(end - start);
  }
  locaView.setUint32(4 * glyphs, at);
  const newHead = font.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setInt16(50, 1);
  // The whole-font checksum no longer holds; 0 is what font tools write before recomputing it.
  headView.setUint32(8, 0);

  const tags = [...tables.keys()];
  const data = (tag: string): Uint8Array => {
    if (tag === 'glyf') return newGlyf;
    if (tag === 'loca') return newLoca;
    if (tag === 'head') return newHead;
    const t = tables.get(tag)!;
    return font.subarray(t.offset, t.offset + t.length);
  };
  const dirLength = 12 + 16 * numTables;
  const total = tags.reduce((n, tag) => n + pad4(data(tag).length), dirLength);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  let offset = dirLength;
  tags.forEach((tag, i) => {
    const bytes = data(tag);
    const rec = 12 + 16 * i;
    out.set(font.subarray(rec, rec + 4), rec);
    outView.setUint32(rec + 4, checksum(bytes));
    outView.setUint32(rec + 8, offset);
    outView.setUint32(rec + 12, bytes.length);
    out.set(bytes, offset);
    offset += pad4(bytes.length);
  });
  return out;
}

/** The OpenType table checksum: the sum of its big-endian 32-bit words, zero-padded. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word = ((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}
