import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { artwork } from '@packsmith/design-engine';
import { cmapLookup, subsetTtf, TtfSubsetError } from './ttf-subset.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ttf-subset-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The face with its file swapped for `bytes` (written to disk: resvg loads fonts by path). */
function faceWith(face: artwork.FontFace, bytes: Buffer, name: string): artwork.FontFace {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return { ...face, file };
}

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function cmapOf(font: Buffer): Buffer {
  const n = font.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const rec = 12 + i * 16;
    if (font.toString('latin1', rec, rec + 4) === 'cmap')
      return font.subarray(font.readUInt32BE(rec + 8), font.readUInt32BE(rec + 8) + font.readUInt32BE(rec + 12));
  }
  throw new Error('no cmap');
}

function fileChecksum(font: Buffer): number {
  let sum = 0;
  for (let i = 0; i + 4 <= font.length; i += 4) sum = (sum + font.readUInt32BE(i)) >>> 0;
  return sum;
}

describe('subsetTtf', () => {
  // Pacifico and Cormorant need GPOS beyond pairs: see keepGpos below.
  for (const pkg of ['inter', 'playfair-display', 'lora', 'bebas-neue', 'montserrat'] as const) {
    it(`${pkg}: the subset draws the example exactly like the full font, at a fraction of its size`, async () => {
      const face = artwork.fontFace(pkg, 400, false);
      const full = fs.readFileSync(face.file);
      const text = face.family;
      const mini = subsetTtf(full, text);
      expect(mini.length).toBeLessThan(full.length / 3);
      // A valid sfnt: the whole file sums to the magic number once head.checkSumAdjustment is in.
      expect(fileChecksum(mini)).toBe(0xb1b0afba);

      const a = await pixels(artwork.renderSpecimenPng(face, text));
      const b = await pixels(artwork.renderSpecimenPng(faceWith(face, mini, `${pkg}.mini.ttf`), text));
      expect([b.width, b.height]).toEqual([a.width, a.height]);
      expect(b.data.equals(a.data)).toBe(true);
      // And it did draw something.
      expect(a.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
    });
  }

  it('keeps GSUB ligatures (Josefin Sans draws "fi" as one glyph) and, with keepGpos, cursive positioning (Pacifico)', async () => {
    for (const [pkg, opts] of [
      ['josefin-sans', {}],
      ['pacifico', { keepGpos: true }],
      ['cormorant-garamond', { keepGpos: true }],
    ] as const) {
      const face = artwork.fontFace(pkg, 400, false);
      const full = fs.readFileSync(face.file);
      const mini = subsetTtf(full, face.family, opts);
      expect(mini.length).toBeLessThan(full.length / 3);
      const a = await pixels(artwork.renderSpecimenPng(face, face.family));
      const b = await pixels(artwork.renderSpecimenPng(faceWith(face, mini, `${pkg}-opts.mini.ttf`), face.family));
      expect(b.data.equals(a.data), pkg).toBe(true);
    }
  });

  it('maps only the example characters: others fall to .notdef', () => {
    const face = artwork.fontFace('inter', 400, false);
    const full = fs.readFileSync(face.file);
    const mini = subsetTtf(full, 'Ab1');
    const fullMap = cmapLookup(cmapOf(full));
    const miniMap = cmapLookup(cmapOf(mini));
    for (const ch of 'Ab1') expect(miniMap(ch.codePointAt(0) ?? 0)).toBe(fullMap(ch.codePointAt(0) ?? 0));
    expect(fullMap('z'.codePointAt(0) ?? 0)).toBeGreaterThan(0);
    expect(miniMap('z'.codePointAt(0) ?? 0)).toBe(0);
  });

  it('keeps the components of composite glyphs (é is e + acute in many fonts)', async () => {
    const face = artwork.fontFace('lora', 400, false);
    const full = fs.readFileSync(face.file);
    const mini = subsetTtf(full, 'é');
    const a = await pixels(artwork.renderSpecimenPng(face, 'é'));
    const b = await pixels(artwork.renderSpecimenPng(faceWith(face, mini, 'lora-e.mini.ttf'), 'é'));
    expect(b.data.equals(a.data)).toBe(true);
  });

  it('refuses what is not a TrueType font', () => {
    expect(() => subsetTtf(Buffer.from('not a font at all'), 'A')).toThrow(TtfSubsetError);
    expect(() => subsetTtf(Buffer.alloc(4), 'A')).toThrow(TtfSubsetError);
  });
});
