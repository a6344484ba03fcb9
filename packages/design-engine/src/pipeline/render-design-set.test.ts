import { BOX_TYPES } from '@packsmith/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutsForFamily } from '../artwork/layouts/index.js';
import { renderDieline } from '../dieline/registry.js';
import { makeLogoPng } from './pipeline.fixtures.js';
import { DesignRequestError, renderDesignSet, type DesignSetBrief } from './render-design-set.js';
import { closeDesignWorkers, setDesignThreads } from './worker-pool.js';

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

const BRIEF: DesignSetBrief = { brand: 'Lumen', product: 'Cold Brew Coffee', boxId: 101, element: ['coffee'], style: [], color: ['navy'] };

afterAll(async () => {
  setDesignThreads(2);
  await closeDesignWorkers();
});

describe('renderDesignSet', () => {
  it('gives each design a packshot, a 1024 px front and a print file, with its layout, palette and seed', async () => {
    const fractions: number[] = [];
    const set = await renderDesignSet({ brief: BRIEF, count: 2, seed: 5, size: 384, onProgress: (f) => fractions.push(f) });
    expect(set).toHaveLength(2);
    for (const d of set) {
      expect(isPng(d.packshotPng)).toBe(true);
      expect(pngSize(d.packshotPng)).toEqual({ width: 384, height: 384 });
      const front = pngSize(d.frontPng);
      expect(Math.max(front.width, front.height)).toBe(1024);
      // The carton's front panel is 60.5 × 150.4 mm: the PNG keeps its proportions.
      expect(front.width / front.height).toBeCloseTo(60.5 / 150.4, 2);
      expect(d.dielineSvg).toContain('<g id="cut"');
      expect(d.layoutId).toMatch(/^[a-z]+\/[a-z-]+$/);
      expect(d.palette).toHaveLength(6);
      for (const c of d.palette) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(fractions).toEqual([0.5, 1]);
  });

  it('is deterministic: the same request gives the same bytes, on worker threads or on the calling thread', async () => {
    const request = { brief: { ...BRIEF, logo: makeLogoPng() }, count: 2, seed: 42, size: 320 };
    const a = await renderDesignSet(request);
    const b = await renderDesignSet(request);
    setDesignThreads(0);
    await closeDesignWorkers();
    const c = await renderDesignSet(request);
    setDesignThreads(2);
    for (const other of [b, c]) {
      other.forEach((d, i) => {
        expect(d.packshotPng.equals(a[i]!.packshotPng)).toBe(true);
        expect(d.frontPng.equals(a[i]!.frontPng)).toBe(true);
        expect(d.dielineSvg).toBe(a[i]!.dielineSvg);
        expect([d.layoutId, d.seed]).toEqual([a[i]!.layoutId, a[i]!.seed]);
      });
    }
  });

  it('re-renders one design of a set from its seed alone', async () => {
    const set = await renderDesignSet({ brief: BRIEF, count: 3, seed: 9, size: 256 });
    const third = set[2]!;
    const [again] = await renderDesignSet({ brief: BRIEF, count: 1, seed: third.seed, size: 256 });
    expect(again!.layoutId).toBe(third.layoutId);
    expect(again!.packshotPng.equals(third.packshotPng)).toBe(true);
    expect(again!.dielineSvg).toBe(third.dielineSvg);
  });

  it('varies the designs of a set, across seeds and across styles', async () => {
    const set = await renderDesignSet({ brief: BRIEF, count: 4, seed: 1, size: 256 });
    expect(new Set(set.map((d) => d.layoutId)).size).toBe(4);
    expect(new Set(set.map((d) => d.palette.join())).size).toBe(4);
    // With no style tag, the four designs come from four different style families.
    expect(new Set(set.map((d) => d.layoutId.split('/')[0])).size).toBe(4);
    expect(new Set(set.map((d) => d.packshotPng.toString('base64'))).size).toBe(4);

    const [other] = await renderDesignSet({ brief: BRIEF, count: 1, seed: 2, size: 256 });
    expect(other!.packshotPng.equals(set[0]!.packshotPng)).toBe(false);

    const luxury = await renderDesignSet({ brief: { ...BRIEF, style: ['luxury'] }, count: 2, seed: 1, size: 256 });
    const playful = await renderDesignSet({ brief: { ...BRIEF, style: ['playful'] }, count: 2, seed: 1, size: 256 });
    expect(luxury.map((d) => d.layoutId.split('/')[0])).toEqual(['luxury', 'luxury']);
    expect(playful.map((d) => d.layoutId.split('/')[0])).toEqual(['playful', 'playful']);
    expect(luxury[0]!.frontPng.equals(playful[0]!.frontPng)).toBe(false);
  });

  it('reuses a liked layout first and a liked palette next', async () => {
    const likedPalette = ['#101820', '#1c2833', '#f2aa4c', '#e0e0e0', '#f5f5f5', '#101820'];
    const likedLayout = layoutsForFamily('bold').at(-1)!.id;
    const set = await renderDesignSet({
      brief: { ...BRIEF, style: ['vintage', 'bold'] },
      count: 3,
      seed: 3,
      size: 256,
      liked: { layouts: [likedLayout], palettes: [likedPalette] },
    });
    expect(set[0]!.layoutId).toBe(likedLayout);
    // A liked palette keeps its background, surface, primary and accent.
    expect(set[1]!.palette.slice(0, 4)).toEqual(likedPalette.slice(0, 4));
  });

  it('dresses the default box when none is chosen, and names an unknown box in its error', async () => {
    const [d] = await renderDesignSet({ brief: { ...BRIEF, boxId: 0 }, count: 1, seed: 1, size: 128 });
    expect(d!.dielineSvg).toContain('data-box-id="101"');
    await expect(renderDesignSet({ brief: { ...BRIEF, boxId: 999 }, count: 1, seed: 1 })).rejects.toThrow(/Unknown box type 999/);
    await expect(renderDesignSet({ brief: { ...BRIEF, brand: '  ' }, count: 1, seed: 1 })).rejects.toThrow(DesignRequestError);
    await expect(renderDesignSet({ brief: BRIEF, count: 0, seed: 1 })).rejects.toThrow(/count/);
    await expect(renderDesignSet({ brief: { ...BRIEF, logo: Buffer.from('not an image') }, count: 1, seed: 1 })).rejects.toThrow(/logo/);
  });

  it('renders a design on every box type of the catalogue, its print file at the dieline bleed size', { timeout: 240_000 }, async () => {
    const results = await Promise.all(
      BOX_TYPES.map(async (box) => {
        const [d] = await renderDesignSet({ brief: { ...BRIEF, boxId: box.id }, count: 1, seed: box.id, size: 256 });
        return { box, d: d! };
      }),
    );
    for (const { box, d } of results) {
      expect(pngSize(d.packshotPng), `${box.slug} packshot`).toEqual({ width: 256, height: 256 });
      const front = pngSize(d.frontPng);
      expect(Math.max(front.width, front.height), `${box.slug} front`).toBe(1024);
      const bleed = renderDieline(box.id).bleedBox;
      const svg = d.dielineSvg;
      const open = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
      expect(open, `${box.slug} print size`).toContain(`width="${round3(bleed.width)}mm" height="${round3(bleed.height)}mm"`);
      // Artwork placed on the panels, under the dieline's cut and crease lines.
      expect(svg).toMatch(/<g id="artwork">(<g clip-path="url\(#clip\d+\)">)?<use href="#art1(-bleed)?"/);
      expect(svg.indexOf('<g id="artwork">')).toBeLessThan(svg.indexOf('<g id="cut"'));
      expect(svg).toMatch(/<g id="cut" [^>]*>\n<path d="M/);
      // Type is outlined: the print file needs no fonts.
      expect(svg).not.toContain('<text');
    }
  });
});

const round3 = (n: number) => String(Math.round(n * 1000) / 1000);
