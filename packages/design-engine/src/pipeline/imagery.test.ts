import { Resvg } from '@resvg/resvg-js';
import { BOX_TYPES } from '@packsmith/contracts';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBusyPhoto, makeIllustration } from '../artwork/artwork.fixtures.js';
import { DesignRequestError, renderDesignSet, type DesignSetBrief } from './render-design-set.js';
import { closeDesignWorkers, setDesignThreads } from './worker-pool.js';

const BRIEF: DesignSetBrief = { brand: 'Lumen', product: 'Cold Brew Coffee', boxId: 101, element: ['coffee'], style: [], color: ['navy'] };

/** A checkerboard of two colours no palette makes: found again in a render, it can only be the imagery. */
async function checkerPng(a = '#ff00ff', b = '#00e5ff', size = 512, cells = 8): Promise<Buffer> {
  const s = size / cells;
  let rects = '';
  for (let y = 0; y < cells; y++)
    for (let x = 0; x < cells; x++) if ((x + y) % 2 === 0) rects += `<rect x="${x * s}" y="${y * s}" width="${s}" height="${s}" fill="${b}"/>`;
  return sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${a}"/>${rects}</svg>`),
  )
    .png()
    .toBuffer();
}

/** Share of a PNG's pixels within `tol` of an RGB colour. */
async function share(png: Buffer, rgb: readonly [number, number, number], tol = 48): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hit = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (Math.abs(data[i]! - rgb[0]) <= tol && Math.abs(data[i + 1]! - rgb[1]) <= tol && Math.abs(data[i + 2]! - rgb[2]) <= tol) hit++;
  }
  return hit / (info.width * info.height);
}

const MAGENTA = [255, 0, 255] as const;
const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

afterAll(async () => {
  setDesignThreads(2);
  await closeDesignWorkers();
});

describe('renderDesignSet with imagery', () => {
  it('puts one backdrop on the packshot, the flat front and the print file alike', { timeout: 30_000 }, async () => {
    const background = await checkerPng();
    const [design] = await renderDesignSet({ brief: BRIEF, count: 1, seed: 11, size: 512, imagery: { background } });
    expect(design!.imagery?.background).toBeDefined();
    // The front is mostly photo; the packshot shows it on the faces (the studio backdrop around them).
    expect(await share(design!.frontPng, MAGENTA)).toBeGreaterThan(0.25);
    expect(await share(design!.packshotPng, MAGENTA)).toBeGreaterThan(0.04);
    // The print file embeds the same normalised image in every panel's artwork.
    const embedded = design!.dielineSvg.match(/data:image\/jpeg;base64, ?[A-Za-z0-9+/=]+/g) ?? [];
    expect(embedded.length).toBeGreaterThanOrEqual(4);
    expect(new Set(embedded).size).toBe(1);
    const local = await renderDesignSet({ brief: BRIEF, count: 1, seed: 11, size: 512 });
    expect(await share(local[0]!.frontPng, MAGENTA)).toBeLessThan(0.01);
    expect(local[0]!.imagery).toBeUndefined();
  });

  it('gives each design its own imagery from a list, and crops one shared backdrop differently per design', { timeout: 30_000 }, async () => {
    const background = await checkerPng();
    const illustration = makeIllustration();
    const set = await renderDesignSet({ brief: BRIEF, count: 3, seed: 2, size: 256, imagery: [{ background }, { illustration }, {}] });
    expect(set[0]!.imagery?.background).toBeDefined();
    expect(set[0]!.imagery?.illustration).toBeUndefined();
    expect(set[1]!.imagery?.illustration).toBeDefined();
    expect(set[1]!.imagery?.background).toBeUndefined();
    expect(set[2]!.imagery).toBeUndefined();
    expect((await share(set[1]!.frontPng, [0, 210, 106], 40)) + (await share(set[1]!.frontPng, MAGENTA, 40))).toBeGreaterThan(0.04);

    const shared = await renderDesignSet({ brief: BRIEF, count: 2, seed: 2, size: 256, imagery: { background } });
    expect(shared[0]!.imagery?.background).not.toEqual(shared[1]!.imagery?.background);
  });

  it('runs the backdrop round a bottle label: the three slices show adjacent windows of one image', { timeout: 30_000 }, async () => {
    const background = makeBusyPhoto(900, 300);
    const [design] = await renderDesignSet({ brief: { ...BRIEF, boxId: 303 }, count: 1, seed: 4, size: 256, imagery: { background } });
    const placements = [...design!.dielineSvg.matchAll(/<image x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)"[^>]*href="data:image\/jpeg/g)].map((m) =>
      m.slice(1).map(Number),
    );
    // Side, front and back slices: one band-wide image, shifted by one slice width each time.
    expect(placements.length).toBeGreaterThanOrEqual(3);
    const widths = new Set(placements.map((p) => p[2]));
    expect(widths.size).toBe(1);
    const xs = [...new Set(placements.map((p) => p[0]!))].sort((a, b) => b - a);
    expect(xs.length).toBe(3);
    expect(xs[0]! - xs[1]!).toBeCloseTo(xs[1]! - xs[2]!, 1);
  });

  it('is deterministic for the same bytes and seed, on worker threads or the calling thread; other bytes change it', { timeout: 60_000 }, async () => {
    const request = { brief: BRIEF, count: 2, seed: 42, size: 256, imagery: [{ background: makeBusyPhoto() }, { illustration: makeIllustration() }] };
    const a = await renderDesignSet(request);
    setDesignThreads(0);
    await closeDesignWorkers();
    const b = await renderDesignSet(request);
    setDesignThreads(2);
    a.forEach((d, i) => {
      expect(b[i]!.packshotPng.equals(d.packshotPng)).toBe(true);
      expect(b[i]!.frontPng.equals(d.frontPng)).toBe(true);
      expect(b[i]!.dielineSvg).toBe(d.dielineSvg);
      expect(b[i]!.imagery).toEqual(d.imagery);
    });
    const other = await renderDesignSet({ ...request, imagery: [{ background: makeBusyPhoto(768, 768, 8) }, { illustration: makeIllustration() }] });
    expect(other[0]!.frontPng.equals(a[0]!.frontPng)).toBe(false);
    expect(other[1]!.frontPng.equals(a[1]!.frontPng)).toBe(true);
  });

  it('renders every box type of the catalogue with a backdrop and an illustration, and a print file that parses', { timeout: 180_000 }, async () => {
    const imagery = { background: makeBusyPhoto(512, 512), illustration: makeIllustration(256) };
    const designs = await Promise.all(
      BOX_TYPES.map(
        async (box) => [box.slug, (await renderDesignSet({ brief: { ...BRIEF, boxId: box.id }, count: 1, seed: box.id, size: 160, imagery }))[0]!] as const,
      ),
    );
    for (const [slug, d] of designs) {
      expect(isPng(d.packshotPng), slug).toBe(true);
      expect(d.imagery?.background, slug).toBeDefined();
      // The print file is well-formed on its own (no namespace the host document lacks).
      expect(d.dielineSvg, slug).not.toContain('xlink:');
      expect(() => new Resvg(d.dielineSvg).getBBox(), slug).not.toThrow();
    }
  });

  it('refuses bytes that are not an image, naming the field', async () => {
    await expect(renderDesignSet({ brief: BRIEF, count: 1, seed: 1, imagery: { background: Buffer.from('not an image') } })).rejects.toThrow(
      DesignRequestError,
    );
    await expect(renderDesignSet({ brief: BRIEF, count: 1, seed: 1, imagery: { illustration: Buffer.from('nope') } })).rejects.toThrow(/imagery\.illustration/);
  });
});
