/**
 * A minimal TrueType reader: just enough of `head`, `hhea`, `hmtx`, `cmap`, `loca`, `glyf`,
 * `OS/2` and `name` to measure text exactly as resvg will lay it out (advance widths and
 * glyph ink bounds) without pulling in a font library. Kerning is ignored, which only ever
 * makes a measured line slightly wider than the drawn one (pair kerning is mostly negative).
 */

export interface GlyphBounds {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface TtfFont {
  /** Family name as font matchers see it (typographic family, else legacy family). */
  family: string;
  weight: number;
  italic: boolean;
  unitsPerEm: number;
  ascender: number;
  descender: number;
  capHeight: number;
  xHeight: number;
  glyphId(codePoint: number): number;
  advance(glyphId: number): number;
  bounds(glyphId: number): GlyphBounds | null;
}

interface TableRecord {
  offset: number;
  length: number;
}

function readTables(view: DataView): Map<string, TableRecord> {
  const numTables = view.getUint16(4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(view.getUint8(rec), view.getUint8(rec + 1), view.getUint8(rec + 2), view.getUint8(rec + 3));
    tables.set(tag, { offset: view.getUint32(rec + 8), length: view.getUint32(rec + 12) });
  }
  return tables;
}

function need(tables: Map<string, TableRecord>, tag: string): TableRecord {
  const t = tables.get(tag);
  if (!t) throw new Error(`font has no '${tag}' table`);
  return t;
}

function readName(view: DataView, table: TableRecord, wanted: number): string | null {
  const count = view.getUint16(table.offset + 2);
  const stringsAt = table.offset + view.getUint16(table.offset + 4);
  let fallback: string | null = null;
  for (let i = 0; i < count; i++) {
    const rec = table.offset + 6 + i * 12;
    const platform = view.getUint16(rec);
    const encoding = view.getUint16(rec + 2);
    const language = view.getUint16(rec + 4);
    const nameId = view.getUint16(rec + 6);
    if (nameId !== wanted) continue;
    const length = view.getUint16(rec + 8);
    const at = stringsAt + view.getUint16(rec + 10);
    if (platform === 3 && (encoding === 1 || encoding === 10)) {
      let s = '';
      for (let j = 0; j < length; j += 2) s += String.fromCharCode(view.getUint16(at + j));
      if (language === 0x409) return s;
      fallback ??= s;
    } else if (platform === 1 && encoding === 0 && fallback === null) {
      let s = '';
      for (let j = 0; j < length; j++) s += String.fromCharCode(view.getUint8(at + j));
      fallback = s;
    }
  }
  return fallback;
}

type CmapLookup = (codePoint: number) => number;

function readCmap(view: DataView, table: TableRecord): CmapLookup {
  const count = view.getUint16(table.offset + 2);
  let best: { format: number; at: number; rank: number } | null = null;
  for (let i = 0; i < count; i++) {
    const rec = table.offset + 4 + i * 8;
    const platform = view.getUint16(rec);
    const encoding = view.getUint16(rec + 2);
    const at = table.offset + view.getUint32(rec + 4);
    const format = view.getUint16(at);
    let rank = 0;
    if (format === 12 && (platform === 3 || platform === 0)) rank = 3;
    else if (format === 4 && ((platform === 3 && encoding === 1) || platform === 0)) rank = 2;
    if (rank > 0 && (!best || rank > best.rank)) best = { format, at, rank };
  }
  if (!best) throw new Error('font has no Unicode cmap subtable');
  const { at } = best;
  if (best.format === 12) {
    const groups = view.getUint32(at + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = at + 16 + mid * 12;
        const start = view.getUint32(g);
        const end = view.getUint32(g + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return view.getUint32(g + 8) + (cp - start);
      }
      return 0;
    };
  }
  const segCount = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let i = 0; i < segCount; i++) {
      const end = view.getUint16(ends + i * 2);
      if (cp > end) continue;
      const start = view.getUint16(starts + i * 2);
      if (cp < start) return 0;
      const delta = view.getInt16(deltas + i * 2);
      const rangeOffsetAt = rangeOffsets + i * 2;
      const rangeOffset = view.getUint16(rangeOffsetAt);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsetAt + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Parses a TTF (TrueType outlines) from its bytes. */
export function parseTtf(bytes: Uint8Array): TtfFont {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = readTables(view);
  const head = need(tables, 'head');
  const hhea = need(tables, 'hhea');
  const hmtx = need(tables, 'hmtx');
  const maxp = need(tables, 'maxp');
  const unitsPerEm = view.getUint16(head.offset + 18);
  const longLoca = view.getInt16(head.offset + 50) === 1;
  const ascender = view.getInt16(hhea.offset + 4);
  const descender = view.getInt16(hhea.offset + 6);
  const numHMetrics = view.getUint16(hhea.offset + 34);
  const numGlyphs = view.getUint16(maxp.offset + 4);
  const os2 = tables.get('OS/2');
  let weight = 400;
  let capHeight = Math.round(ascender * 0.7);
  let xHeight = Math.round(ascender * 0.5);
  let italic = false;
  if (os2) {
    weight = view.getUint16(os2.offset + 4);
    italic = (view.getUint16(os2.offset + 62) & 1) === 1;
    if (view.getUint16(os2.offset) >= 2 && os2.length >= 90) {
      xHeight = view.getInt16(os2.offset + 86);
      capHeight = view.getInt16(os2.offset + 88);
    }
  }
  const nameTable = need(tables, 'name');
  const family = readName(view, nameTable, 16) ?? readName(view, nameTable, 1) ?? 'Unknown';
  const cmap = readCmap(view, need(tables, 'cmap'));
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');

  const glyphCache = new Map<number, number>();
  return {
    family,
    weight,
    italic,
    unitsPerEm,
    ascender,
    descender,
    capHeight,
    xHeight,
    glyphId(codePoint) {
      let g = glyphCache.get(codePoint);
      if (g === undefined) {
        g = cmap(codePoint);
        glyphCache.set(codePoint, g);
      }
      return g;
    },
    advance(glyphId) {
      const i = Math.min(glyphId, numHMetrics - 1);
      return view.getUint16(hmtx.offset + i * 4);
    },
    bounds(glyphId) {
      if (!loca || !glyf || glyphId >= numGlyphs) return null;
      const start = longLoca ? view.getUint32(loca.offset + glyphId * 4) : view.getUint16(loca.offset + glyphId * 2) * 2;
      const end = longLoca ? view.getUint32(loca.offset + glyphId * 4 + 4) : view.getUint16(loca.offset + glyphId * 2 + 2) * 2;
      if (end <= start) return null;
      const at = glyf.offset + start;
      return { xMin: view.getInt16(at + 2), yMin: view.getInt16(at + 4), xMax: view.getInt16(at + 6), yMax: view.getInt16(at + 8) };
    },
  };
}
