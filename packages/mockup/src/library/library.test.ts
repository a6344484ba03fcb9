import { createHash } from 'node:crypto';
import { boxById, MOCKUP_CATEGORIES } from '@packsmith/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../template/index.js';
import type { TemplateMaps } from '../types.js';
import {
  decodeTemplateMaps,
  encodeTemplateMaps,
  libraryTemplate,
  libraryTemplatesIn,
  MOCKUP_TEMPLATES,
  renderLibraryTemplate,
  THUMBNAIL_SIZE,
} from './index.js';

const hash = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('MOCKUP_TEMPLATES', () => {
  it('has unique slug ids, at least 64 templates and at least 8 in every category, in category order', () => {
    const ids = MOCKUP_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(MOCKUP_TEMPLATES.length).toBeGreaterThanOrEqual(64);
    for (const c of MOCKUP_CATEGORIES) expect(libraryTemplatesIn(c.name).length, c.name).toBeGreaterThanOrEqual(8);
    const order = MOCKUP_CATEGORIES.map((c) => c.name);
    const seen = MOCKUP_TEMPLATES.map((t) => order.indexOf(t.category));
    expect(seen.every((x, i) => x >= 0 && (i === 0 || x >= seen[i - 1]!))).toBe(true);
  });

  it('names a catalogue box with its material, a human name and keywords', () => {
    for (const t of MOCKUP_TEMPLATES) {
      const box = boxById(t.render.boxId);
      expect(box, t.id).toBeDefined();
      expect(t.material, t.id).toBe(box!.material);
      if (t.render.boxIds) {
        expect(t.render.boxIds[0], t.id).toBe(t.render.boxId);
        for (const id of t.render.boxIds) expect(t.name.includes(boxById(id)!.name), t.id).toBe(true);
      } else {
        expect(t.name.startsWith(box!.name), t.id).toBe(true);
      }
      expect(t.keywords.length, t.id).toBeGreaterThanOrEqual(4);
      expect(t.render.background, t.id).toMatch(/^#[0-9a-f]{6}$/);
      expect(libraryTemplate(t.id)).toBe(t);
    }
    expect(libraryTemplate('no-such-template')).toBeUndefined();
  });

  it('varies angles, light and backgrounds', () => {
    const cams = new Set(MOCKUP_TEMPLATES.map((t) => `${t.render.camera.yawDeg}/${t.render.camera.pitchDeg}`));
    expect(cams.size).toBeGreaterThanOrEqual(5);
    expect(new Set(MOCKUP_TEMPLATES.map((t) => t.render.light))).toEqual(new Set(['studio', 'daylight']));
    expect(new Set(MOCKUP_TEMPLATES.map((t) => t.render.background)).size).toBeGreaterThanOrEqual(5);
  });

  // 78 renders: ~3 s alone, past vitest's default 5 s when the machine is shared.
  it('renders every template at 128 px with a printable surface covering over 2 % of the image', { timeout: 30_000 }, () => {
    for (const t of MOCKUP_TEMPLATES) {
      const { maps } = renderTemplate({ ...t.render, size: 128 });
      let shown = 0;
      for (let i = 0; i < maps.surface.length; i++) if (maps.surface[i] !== 0) shown++;
      expect(shown / maps.surface.length, t.id).toBeGreaterThan(0.02);
      // A group shows a printable surface of every one of its packs.
      const items = t.render.boxIds?.length ?? 1;
      const perItem = new Array<number>(items).fill(0);
      for (let i = 0; i < maps.surface.length; i++) {
        const s = maps.surface[i]!;
        if (s !== 0) perItem[maps.surfaces[s - 1]!.item ?? 0]!++;
      }
      for (const [k, n] of perItem.entries()) expect(n, `${t.id} item ${k}`).toBeGreaterThan(20);
    }
  });

  it('has at least 8 group templates of 2 or 3 packs', () => {
    const groups = MOCKUP_TEMPLATES.filter((t) => t.render.boxIds);
    expect(groups.length).toBeGreaterThanOrEqual(8);
    for (const g of groups) expect(g.render.boxIds!.length).toBeGreaterThanOrEqual(2);
    for (const g of groups) expect(g.render.boxIds!.length).toBeLessThanOrEqual(3);
  });
});

describe('renderLibraryTemplate', () => {
  it('is deterministic: the same bytes twice', async () => {
    for (const id of [MOCKUP_TEMPLATES[0]!.id, libraryTemplatesIn('Tubes')[1]!.id]) {
      const a = await renderLibraryTemplate(id, 96);
      const b = await renderLibraryTemplate(id, 96);
      expect(hash(a.sceneJpeg)).toBe(hash(b.sceneJpeg));
      expect(hash(a.thumbnailJpeg)).toBe(hash(b.thumbnailJpeg));
      const ea = await encodeTemplateMaps(a.maps);
      const eb = await encodeTemplateMaps(b.maps);
      for (const k of ['surfacePng', 'uvPng', 'lightPng'] as const) expect(hash(ea[k])).toBe(hash(eb[k]));
    }
  });

  it('gives a JPEG scene at the size asked and a thumbnail 512 px on its long side', async () => {
    const r = await renderLibraryTemplate(libraryTemplatesIn('Cans & Jars')[0]!.id, 96);
    const scene = await sharp(r.sceneJpeg).metadata();
    expect([scene.format, scene.width, scene.height]).toEqual(['jpeg', 96, 96]);
    const thumb = await sharp(r.thumbnailJpeg).metadata();
    expect(thumb.format).toBe('jpeg');
    expect(Math.max(thumb.width, thumb.height)).toBe(THUMBNAIL_SIZE);
    expect(r.maps.width).toBe(96);
  });

  it('throws for an unknown id', async () => {
    await expect(renderLibraryTemplate('no-such-template', 32)).rejects.toThrow(/Unknown library template/);
  });
});

describe('encodeTemplateMaps / decodeTemplateMaps', () => {
  const maxError = (a: Float32Array, b: Float32Array): number => {
    let e = 0;
    for (let i = 0; i < a.length; i++) e = Math.max(e, Math.abs(a[i]! - b[i]!));
    return e;
  };

  it('round-trips a real template within the 16-bit quantisation', async () => {
    const t = libraryTemplatesIn('Boxes')[0]!;
    const { maps } = renderTemplate({ ...t.render, size: 112 });
    const files = await encodeTemplateMaps(maps);
    const surfaceMeta = await sharp(files.surfacePng).metadata();
    expect([surfaceMeta.channels, surfaceMeta.depth]).toEqual([1, 'uchar']);
    for (const png of [files.uvPng, files.lightPng]) {
      const m = await sharp(png).metadata();
      expect([m.format, m.channels, m.depth]).toEqual(['png', 3, 'ushort']);
    }
    const back = await decodeTemplateMaps(files);
    expect([back.width, back.height]).toEqual([112, 112]);
    expect(back.surfaces).toEqual(maps.surfaces);
    expect(hash(back.surface)).toBe(hash(maps.surface));
    const q = 2 / 65535;
    expect(maxError(back.u, maps.u)).toBeLessThanOrEqual(q);
    expect(maxError(back.v, maps.v)).toBeLessThanOrEqual(q);
    expect(maxError(back.coverage, maps.coverage)).toBeLessThanOrEqual(q);
    expect(maxError(back.specular, maps.specular)).toBeLessThanOrEqual(q);
    expect(maxError(back.depth, maps.depth)).toBeLessThanOrEqual(q);
    expect(maxError(back.shading, maps.shading)).toBeLessThanOrEqual(2 * q);
  });

  it('keeps shading up to 2 and clamps what lies outside the stored ranges', async () => {
    const n = 4;
    const f = (...xs: number[]): Float32Array => Float32Array.from(xs);
    const maps: TemplateMaps = {
      width: 2,
      height: 2,
      surface: Uint8Array.from([0, 1, 2, 1]),
      coverage: f(0, 1, 0.5, 0.25),
      u: f(0, 1, 0.123456, 0.999),
      v: f(1, 0, 0.5, 0.000001),
      shading: f(0, 1.9999, 2, 2.5),
      specular: f(0, 0.3, 1, -0.1),
      depth: f(1, 0, 0.42, 0.99),
      surfaces: [
        { role: 'front', designArea: { width: 10, height: 20 } },
        { role: 'back', designArea: { width: 10, height: 20 } },
      ],
    };
    const back = await decodeTemplateMaps(await encodeTemplateMaps(maps));
    expect(Array.from(back.surface)).toEqual([0, 1, 2, 1]);
    expect(back.shading[1]).toBeCloseTo(1.9999, 4);
    expect(back.shading[2]).toBe(2);
    expect(back.shading[3]).toBe(2);
    expect(back.specular[3]).toBe(0);
    expect(back.u.length).toBe(n);
    expect(maxError(back.u, maps.u)).toBeLessThanOrEqual(1 / 65535);
  });
});
