/**
 * A TrueType (glyf) subsetter that keeps glyph ids: the glyphs of the wanted characters (and the
 * components of composite glyphs, and .notdef) keep their outlines, every other glyph becomes
 * empty, and the cmap maps only the wanted characters. Keeping the ids means hmtx, maxp and the
 * hinting tables stay valid as they are; the outlines (most of a font's bytes) are what goes.
 * GPOS is dropped, except the pair kerning between the kept glyphs: it is
 * rewritten as a small legacy `kern` table, which shapers apply when there is no GPOS, so the
 * example is spaced exactly as with the full font.
 */

/**
 * Tables copied as they are; everything else not rebuilt below is dropped. GSUB stays (its glyph ids
 * are still valid, and the glyphs it can substitute are kept): ligatures such as "fi" and
 * contextual forms then draw as in the full font.
 */
const KEPT = new Set(['OS/2', 'hhea', 'hmtx', 'maxp', 'name', 'cvt ', 'fpgm', 'prep', 'gasp', 'GSUB', 'GDEF']);

interface Table {
  tag: string;
  data: Buffer;
}

export class TtfSubsetError extends Error {}

function tables(font: Buffer): Map<string, Buffer> {
  if (font.length < 12) throw new TtfSubsetError('not a TrueType font: too short');
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) throw new TtfSubsetError('not a TrueType (glyf) font');
  const count = font.readUInt16BE(4);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const rec = 12 + i * 16;
    const tag = font.toString('latin1', rec, rec + 4);
    const offset = font.readUInt32BE(rec + 8);
    const length = font.readUInt32BE(rec + 12);
    if (offset + length > font.length) throw new TtfSubsetError(`table ${tag} runs past the end of the file`);
    out.set(tag, font.subarray(offset, offset + length));
  }
  return out;
}

function need(t: Map<string, Buffer>, tag: string): Buffer {
  const b = t.get(tag);
  if (!b) throw new TtfSubsetError(`font has no '${tag}' table`);
  return b;
}

/** Code point → glyph id from the best Unicode cmap subtable (format 12, else format 4). */
export function cmapLookup(cmap: Buffer): (cp: number) => number {
  const n = cmap.readUInt16BE(2);
  let f4: number | null = null;
  let f12: number | null = null;
  for (let i = 0; i < n; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = cmap.readUInt16BE(offset);
    if (format === 12) f12 ??= offset;
    if (format === 4) f4 ??= offset;
  }
  if (f12 !== null) {
    const at = f12;
    const groups = cmap.readUInt32BE(at + 12);
    return (cp) => {
      for (let g = 0; g < groups; g++) {
        const rec = at + 16 + g * 12;
        const start = cmap.readUInt32BE(rec);
        const end = cmap.readUInt32BE(rec + 4);
        if (cp >= start && cp <= end) return cmap.readUInt32BE(rec + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (f4 === null) throw new TtfSubsetError('font has no Unicode cmap (format 4 or 12)');
  const at = f4;
  const segX2 = cmap.readUInt16BE(at + 6);
  const ends = at + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segX2; s += 2) {
      const end = cmap.readUInt16BE(ends + s);
      if (cp > end) continue;
      const start = cmap.readUInt16BE(starts + s);
      if (cp < start) return 0;
      const delta = cmap.readInt16BE(deltas + s);
      const ro = cmap.readUInt16BE(rangeOffsets + s);
      if (ro === 0) return (cp + delta) & 0xffff;
      const g = cmap.readUInt16BE(rangeOffsets + s + ro + (cp - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
}

function glyphOffsets(loca: Buffer, longFormat: boolean, numGlyphs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i <= numGlyphs; i++) out.push(longFormat ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2);
  return out;
}

/** The glyph ids a composite glyph is built from. */
function components(glyph: Buffer): number[] {
  if (glyph.length < 10 || glyph.readInt16BE(0) >= 0) return [];
  const out: number[] = [];
  let p = 10;
  for (;;) {
    const flags = glyph.readUInt16BE(p);
    out.push(glyph.readUInt16BE(p + 2));
    p += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) p += 2;
    else if (flags & 0x0040) p += 4;
    else if (flags & 0x0080) p += 8;
    if (!(flags & 0x0020)) return out;
  }
}

const popcount = (n: number) => {
  let c = 0;
  for (let v = n; v; v &= v - 1) c++;
  return c;
};

/** The coverage index of a glyph, or -1. */
function coverageIndex(t: Buffer, at: number, gid: number): number {
  const format = t.readUInt16BE(at);
  const n = t.readUInt16BE(at + 2);
  if (format === 1) {
    for (let i = 0; i < n; i++) if (t.readUInt16BE(at + 4 + i * 2) === gid) return i;
    return -1;
  }
  if (format === 2) {
    for (let i = 0; i < n; i++) {
      const r = at + 4 + i * 6;
      const start = t.readUInt16BE(r);
      if (gid >= start && gid <= t.readUInt16BE(r + 2)) return t.readUInt16BE(r + 4) + gid - start;
    }
  }
  return -1;
}

function classOf(t: Buffer, at: number, gid: number): number {
  const format = t.readUInt16BE(at);
  if (format === 1) {
    const start = t.readUInt16BE(at + 2);
    const n = t.readUInt16BE(at + 4);
    return gid >= start && gid < start + n ? t.readUInt16BE(at + 6 + (gid - start) * 2) : 0;
  }
  if (format === 2) {
    const n = t.readUInt16BE(at + 2);
    for (let i = 0; i < n; i++) {
      const r = at + 4 + i * 6;
      if (gid >= t.readUInt16BE(r) && gid <= t.readUInt16BE(r + 2)) return t.readUInt16BE(r + 4);
    }
  }
  return 0;
}

/** The first value record's x advance of a pair in one PairPos subtable; null when the subtable does not apply. */
function pairAdvance(t: Buffer, at: number, left: number, right: number): number | null {
  const format = t.readUInt16BE(at);
  const cov = coverageIndex(t, at + t.readUInt16BE(at + 2), left);
  if (cov < 0) return null;
  const vf1 = t.readUInt16BE(at + 4);
  const vf2 = t.readUInt16BE(at + 6);
  const size1 = popcount(vf1) * 2;
  const size2 = popcount(vf2) * 2;
  // xAdvance follows xPlacement and yPlacement when those are present.
  const advanceOf = (rec: number) => (vf1 & 0x0004 ? t.readInt16BE(rec + popcount(vf1 & 0x0003) * 2) : 0);
  if (format === 1) {
    if (cov >= t.readUInt16BE(at + 8)) return null;
    const set = at + t.readUInt16BE(at + 10 + cov * 2);
    const n = t.readUInt16BE(set);
    for (let i = 0; i < n; i++) {
      const rec = set + 2 + i * (2 + size1 + size2);
      if (t.readUInt16BE(rec) === right) return advanceOf(rec + 2);
    }
    return null;
  }
  if (format === 2) {
    const c1 = classOf(t, at + t.readUInt16BE(at + 8), left);
    const c2 = classOf(t, at + t.readUInt16BE(at + 10), right);
    const count1 = t.readUInt16BE(at + 12);
    const count2 = t.readUInt16BE(at + 14);
    if (c1 >= count1 || c2 >= count2) return null;
    return advanceOf(at + 16 + (c1 * count2 + c2) * (size1 + size2));
  }
  return null;
}

/**
 * The feature indices of the default language system of the Latin script (else DFLT, else the first
 * script): what a shaper applies to Latin text. Other scripts' `kern` features may list other
 * lookups, which must not be added on top.
 */
function latinFeatureIndices(gpos: Buffer): number[] | null {
  const scripts = gpos.readUInt16BE(4);
  const n = gpos.readUInt16BE(scripts);
  const found: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const rec = scripts + 2 + i * 6;
    found[gpos.toString('latin1', rec, rec + 4)] ??= scripts + gpos.readUInt16BE(rec + 4);
  }
  const script = found.latn ?? found.DFLT ?? Object.values(found)[0];
  if (script === undefined) return null;
  const langSys = gpos.readUInt16BE(script);
  if (langSys === 0) return null;
  const at = script + langSys;
  const count = gpos.readUInt16BE(at + 4);
  return Array.from({ length: count }, (_, k) => gpos.readUInt16BE(at + 6 + k * 2));
}

/** The PairPos subtables of each lookup the GPOS 'kern' feature uses for Latin (extension lookups unwrapped). */
function kernLookups(gpos: Buffer): number[][] {
  const features = gpos.readUInt16BE(6);
  const lookups = gpos.readUInt16BE(8);
  const indices = new Set<number>();
  const nf = gpos.readUInt16BE(features);
  const latin = latinFeatureIndices(gpos);
  for (let i = 0; i < nf; i++) {
    const rec = features + 2 + i * 6;
    if (gpos.toString('latin1', rec, rec + 4) !== 'kern' || (latin && !latin.includes(i))) continue;
    const f = features + gpos.readUInt16BE(rec + 4);
    const n = gpos.readUInt16BE(f + 2);
    for (let k = 0; k < n; k++) indices.add(gpos.readUInt16BE(f + 4 + k * 2));
  }
  const out: number[][] = [];
  for (const li of [...indices].sort((a, b) => a - b)) {
    if (li >= gpos.readUInt16BE(lookups)) continue;
    const lookup = lookups + gpos.readUInt16BE(lookups + 2 + li * 2);
    const type = gpos.readUInt16BE(lookup);
    const n = gpos.readUInt16BE(lookup + 4);
    const subtables: number[] = [];
    for (let k = 0; k < n; k++) {
      const sub = lookup + gpos.readUInt16BE(lookup + 6 + k * 2);
      if (type === 2) subtables.push(sub);
      else if (type === 9 && gpos.readUInt16BE(sub + 2) === 2) subtables.push(sub + gpos.readUInt32BE(sub + 4));
    }
    out.push(subtables);
  }
  return out;
}

/**
 * Adds to `keep` every glyph GSUB can put in place of kept glyphs: single and multiple substitutions
 * and ligatures whose components are all kept, in every lookup (contextual lookups only call these,
 * so taking them all over-approximates safely), until nothing new is added. Alternates (type 3) only
 * serve features a user turns on, and are left out.
 */
function gsubClosure(gsub: Buffer | undefined, keep: Set<number>, numGlyphs: number): void {
  if (!gsub) return;
  const list = gsub.readUInt16BE(8);
  const subtables: { type: number; at: number }[] = [];
  for (let i = 0; i < gsub.readUInt16BE(list); i++) {
    const lookup = list + gsub.readUInt16BE(list + 2 + i * 2);
    const type = gsub.readUInt16BE(lookup);
    for (let k = 0; k < gsub.readUInt16BE(lookup + 4); k++) {
      const sub = lookup + gsub.readUInt16BE(lookup + 6 + k * 2);
      if (type === 7) subtables.push({ type: gsub.readUInt16BE(sub + 2), at: sub + gsub.readUInt32BE(sub + 4) });
      else subtables.push({ type, at: sub });
    }
  }
  const add = (gid: number, grown: { value: boolean }) => {
    if (gid < numGlyphs && !keep.has(gid)) {
      keep.add(gid);
      grown.value = true;
    }
  };
  for (let round = 0; round < 16; round++) {
    const grown = { value: false };
    for (const { type, at } of subtables) {
      const format = gsub.readUInt16BE(at);
      const coverage = at + gsub.readUInt16BE(at + 2);
      for (const g of [...keep]) {
        const idx = coverageIndex(gsub, coverage, g);
        if (idx < 0) continue;
        if (type === 1 && format === 1) add((g + gsub.readInt16BE(at + 4)) & 0xffff, grown);
        else if (type === 1 && format === 2 && idx < gsub.readUInt16BE(at + 4)) add(gsub.readUInt16BE(at + 6 + idx * 2), grown);
        else if (type === 2 && idx < gsub.readUInt16BE(at + 4)) {
          const seq = at + gsub.readUInt16BE(at + 6 + idx * 2);
          for (let j = 0; j < gsub.readUInt16BE(seq); j++) add(gsub.readUInt16BE(seq + 2 + j * 2), grown);
        } else if (type === 4 && idx < gsub.readUInt16BE(at + 4)) {
          const set = at + gsub.readUInt16BE(at + 6 + idx * 2);
          for (let j = 0; j < gsub.readUInt16BE(set); j++) {
            const lig = set + gsub.readUInt16BE(set + 2 + j * 2);
            const n = gsub.readUInt16BE(lig + 2);
            let all = true;
            for (let c = 0; c < n - 1 && all; c++) all = keep.has(gsub.readUInt16BE(lig + 4 + c * 2));
            if (all) add(gsub.readUInt16BE(lig), grown);
          }
        }
      }
    }
    if (!grown.value) return;
  }
}

/** A format 0 `kern` table of the GPOS pair kerning between these glyphs (null when there is none). */
function buildKern(gpos: Buffer | undefined, glyphs: readonly number[]): Buffer | null {
  if (!gpos) return null;
  const lookups = kernLookups(gpos);
  const pairs: { left: number; right: number; value: number }[] = [];
  for (const left of glyphs) {
    for (const right of glyphs) {
      let value = 0;
      for (const subtables of lookups) {
        // Within a lookup the first subtable that covers the pair decides; lookups add up.
        for (const sub of subtables) {
          const v = pairAdvance(gpos, sub, left, right);
          if (v !== null) {
            value += v;
            break;
          }
        }
      }
      if (value !== 0) pairs.push({ left, right, value });
    }
  }
  if (pairs.length === 0) return null;
  pairs.sort((a, b) => a.left - b.left || a.right - b.right);
  const n = pairs.length;
  const log2 = Math.floor(Math.log2(n));
  const kern = Buffer.alloc(4 + 14 + n * 6);
  kern.writeUInt16BE(0, 0);
  kern.writeUInt16BE(1, 2);
  kern.writeUInt16BE(0, 4);
  kern.writeUInt16BE(14 + n * 6, 6);
  kern.writeUInt16BE(0x0001, 8);
  kern.writeUInt16BE(n, 10);
  kern.writeUInt16BE(6 * 2 ** log2, 12);
  kern.writeUInt16BE(log2, 14);
  kern.writeUInt16BE(n * 6 - 6 * 2 ** log2, 16);
  pairs.forEach((p, i) => {
    kern.writeUInt16BE(p.left, 18 + i * 6);
    kern.writeUInt16BE(p.right, 20 + i * 6);
    kern.writeInt16BE(p.value, 22 + i * 6);
  });
  return kern;
}

/** A format 4 cmap (platform 3, encoding 1) of exactly these BMP characters. */
function buildCmap(map: ReadonlyMap<number, number>): Buffer {
  const cps = [...map.keys()].filter((cp) => cp <= 0xfffe).sort((a, b) => a - b);
  const segs = [...cps.map((cp) => ({ start: cp, end: cp, delta: ((map.get(cp) ?? 0) - cp) & 0xffff })), { start: 0xffff, end: 0xffff, delta: 1 }];
  const n = segs.length;
  const sub = Buffer.alloc(16 + n * 8);
  const log2 = Math.floor(Math.log2(n));
  sub.writeUInt16BE(4, 0);
  sub.writeUInt16BE(sub.length, 2);
  sub.writeUInt16BE(0, 4);
  sub.writeUInt16BE(n * 2, 6);
  sub.writeUInt16BE(2 * 2 ** log2, 8);
  sub.writeUInt16BE(log2, 10);
  sub.writeUInt16BE(2 * n - 2 * 2 ** log2, 12);
  segs.forEach((s, i) => {
    sub.writeUInt16BE(s.end, 14 + i * 2);
    sub.writeUInt16BE(s.start, 16 + n * 2 + i * 2);
    sub.writeUInt16BE(s.delta, 16 + n * 4 + i * 2);
    sub.writeUInt16BE(0, 16 + n * 6 + i * 2);
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(3, 4);
  header.writeUInt16BE(1, 6);
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, sub]);
}

function checksum(b: Buffer): number {
  const padded = b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b;
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

function assemble(list: Table[]): Buffer {
  const sorted = [...list].sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const n = sorted.length;
  const log2 = Math.floor(Math.log2(n));
  const dir = Buffer.alloc(12 + n * 16);
  dir.writeUInt32BE(0x00010000, 0);
  dir.writeUInt16BE(n, 4);
  dir.writeUInt16BE(16 * 2 ** log2, 6);
  dir.writeUInt16BE(log2, 8);
  dir.writeUInt16BE(n * 16 - 16 * 2 ** log2, 10);
  const bodies: Buffer[] = [];
  let offset = dir.length;
  let headAt = -1;
  sorted.forEach((t, i) => {
    const rec = 12 + i * 16;
    dir.write(t.tag, rec, 4, 'latin1');
    dir.writeUInt32BE(checksum(t.data), rec + 4);
    dir.writeUInt32BE(offset, rec + 8);
    dir.writeUInt32BE(t.data.length, rec + 12);
    if (t.tag === 'head') headAt = offset;
    const pad = (4 - (t.data.length % 4)) % 4;
    bodies.push(t.data, Buffer.alloc(pad));
    offset += t.data.length + pad;
  });
  const font = Buffer.concat([dir, ...bodies]);
  // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA (it was zeroed before summing).
  if (headAt >= 0) font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headAt + 8);
  return font;
}

export interface SubsetOptions {
  /**
   * Keep GPOS whole instead of rewriting its pair kerning as a `kern` table: larger, but right for
   * fonts that position with more than pairs (cursive attachment, contextual kerning).
   */
  keepGpos?: boolean;
}

/** A TTF holding only the glyphs of `text` (plus .notdef and what GSUB may substitute); glyph ids and metrics unchanged. */
export function subsetTtf(font: Buffer, text: string, opts: SubsetOptions = {}): Buffer {
  const t = tables(font);
  const head = Buffer.from(need(t, 'head'));
  const maxp = need(t, 'maxp');
  const glyf = need(t, 'glyf');
  const numGlyphs = maxp.readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const offsets = glyphOffsets(need(t, 'loca'), longLoca, numGlyphs);
  const glyph = (gid: number) => glyf.subarray(offsets[gid] ?? 0, offsets[gid + 1] ?? 0);

  const lookup = cmapLookup(need(t, 'cmap'));
  const map = new Map<number, number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const gid = lookup(cp);
    if (gid > 0 && gid < numGlyphs) map.set(cp, gid);
  }
  // .notdef (glyph 0) always stays: it is what a renderer draws for any character left out.
  const keep = new Set<number>([0, ...map.values()]);
  gsubClosure(t.get('GSUB'), keep, numGlyphs);
  // Then the components of every composite glyph kept (ligatures are often composites too).
  const queue = [...keep];
  while (queue.length) {
    for (const c of components(glyph(queue.pop() ?? 0))) {
      if (c < numGlyphs && !keep.has(c)) {
        keep.add(c);
        queue.push(c);
      }
    }
  }

  const parts: Buffer[] = [];
  const loca = Buffer.alloc((numGlyphs + 1) * 4);
  let at = 0;
  for (let gid = 0; gid < numGlyphs; gid++) {
    loca.writeUInt32BE(at, gid * 4);
    if (!keep.has(gid)) continue;
    const g = glyph(gid);
    const pad = (4 - (g.length % 4)) % 4;
    parts.push(g, Buffer.alloc(pad));
    at += g.length + pad;
  }
  loca.writeUInt32BE(at, numGlyphs * 4);
  head.writeInt16BE(1, 50);
  head.writeUInt32BE(0, 8);

  // post format 3: the header's metrics, no glyph names (which would name dropped glyphs).
  const postIn = t.get('post');
  const post = Buffer.alloc(32);
  if (postIn && postIn.length >= 32) postIn.copy(post, 0, 0, 32);
  post.writeUInt32BE(0x00030000, 0);

  const out: Table[] = [
    { tag: 'head', data: head },
    { tag: 'glyf', data: Buffer.concat(parts) },
    { tag: 'loca', data: loca },
    { tag: 'cmap', data: buildCmap(map) },
    { tag: 'post', data: post },
  ];
  for (const [tag, data] of t) if (KEPT.has(tag)) out.push({ tag, data });
  const gpos = t.get('GPOS');
  if (opts.keepGpos && gpos) out.push({ tag: 'GPOS', data: gpos });
  else {
    const kern = buildKern(
      gpos,
      [...keep].filter((g) => g !== 0),
    );
    if (kern) out.push({ tag: 'kern', data: kern });
  }
  return assemble(out);
}
