import { describe, expect, it } from 'vitest';
import { makeLogo } from './artwork.fixtures.js';
import { type BoxPanels, generateDesigns, planDesigns } from './designs.js';
import { renderPanelArt } from './panel-art.js';
import { paletteColors } from './palette.js';
import { svgToPng } from './render.js';

const PANELS: BoxPanels = {
  front: { widthMm: 90, heightMm: 140 },
  back: { widthMm: 90, heightMm: 140 },
  side: { widthMm: 40, heightMm: 140 },
  top: { widthMm: 90, heightMm: 40 },
};

function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('generateDesigns', () => {
  const brief = {
    brand: 'Lumen',
    product: 'Cold Brew Coffee',
    box: 'tuck-end',
    style: ['minimalist', 'luxury'],
    color: ['navy'],
    element: ['coffee'],
    seed: 11,
    logo: makeLogo(),
  };

  it('makes N designs with every panel of the box and a 1024 px front', async () => {
    const designs = await generateDesigns(brief, 4, { panels: PANELS });
    expect(designs).toHaveLength(4);
    for (const d of designs) {
      expect(Object.keys(d.panels).sort()).toEqual(['back', 'front', 'side', 'top']);
      for (const svg of Object.values(d.panels)) expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 /);
      const size = pngSize(d.front.png);
      expect(Math.max(size.width, size.height)).toBe(1024);
      expect(size.width).toBe(Math.round((1024 * 90) / 140));
      expect(d.front.textZones.some((z) => z.role === 'brand')).toBe(true);
      expect(paletteColors(d.palette)).toHaveLength(6);
    }
  });

  it('is deterministic and gives stable ids', async () => {
    const a = await generateDesigns(brief, 3, { panels: PANELS });
    const b = await generateDesigns(brief, 3, { panels: PANELS });
    expect(a.map((d) => d.id)).toEqual(b.map((d) => d.id));
    expect(new Set(a.map((d) => d.id)).size).toBe(3);
    a.forEach((d, i) => {
      expect(d.panels).toEqual(b[i]?.panels);
      expect(d.front.png.equals(b[i]?.front.png ?? Buffer.alloc(0))).toBe(true);
    });
  });

  it('varies the designs of one request in layout and palette, across the tagged styles', () => {
    const plans = planDesigns(brief, 6).map((p) => p.plan);
    expect(new Set(plans.map((p) => p.layoutId)).size).toBe(6);
    expect(new Set(plans.map((p) => p.palette.id)).size).toBe(6);
    expect(new Set(plans.map((p) => p.family))).toEqual(new Set(['minimalist', 'luxury']));
    const untagged = planDesigns({ ...brief, style: [] }, 4).map((p) => p.plan.family);
    expect(new Set(untagged).size).toBe(4);
  });

  it('leans towards liked layouts and palettes', () => {
    const liked = { palettes: [['#101820', '#1c2833', '#f2aa4c', '#e0e0e0', '#f5f5f5', '#101820']], layouts: ['luxury/foil-band'] };
    let likedLayout = 0;
    let likedPalette = 0;
    let plainLayout = 0;
    for (let seed = 0; seed < 40; seed++) {
      const withLikes = planDesigns({ ...brief, style: ['luxury'], seed, liked }, 1)[0]?.plan;
      const without = planDesigns({ ...brief, style: ['luxury'], seed }, 1)[0]?.plan;
      if (withLikes?.layoutId === 'luxury/foil-band') likedLayout++;
      if (withLikes?.palette.primary === '#f2aa4c') likedPalette++;
      if (without?.layoutId === 'luxury/foil-band') plainLayout++;
    }
    expect(likedLayout).toBeGreaterThan(plainLayout);
    expect(likedPalette).toBeGreaterThan(8);
  });

  it('renders 4 designs at 1024 px end to end in under 1.5 s (warm)', async () => {
    await generateDesigns({ ...brief, seed: 1 }, 4, { panels: PANELS });
    const t0 = performance.now();
    await generateDesigns({ ...brief, seed: 2 }, 4, { panels: PANELS });
    const total = performance.now() - t0;
    const art = renderPanelArt({ brief, panel: { role: 'front', widthMm: 90, heightMm: 140 }, seed: 3 });
    const t1 = performance.now();
    for (let i = 0; i < 5; i++) svgToPng(renderPanelArt({ brief, panel: { role: 'front', widthMm: 90, heightMm: 140 }, seed: 3 }).svg, 658);
    const single = (performance.now() - t1) / 5;
    console.info(`4 designs × 4 panels, fronts at 1024 px: ${total.toFixed(0)} ms; one front (layout + PNG 1024 px, warm): ${single.toFixed(1)} ms`);
    expect(art.svg.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(1500);
  });
});
