import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { clearZoneViolations } from './art.js';
import { LONG_BRAND, pixelsInside, variedBriefs, withoutLayers } from './artwork.fixtures.js';
import { contrastRatio, relativeLuminanceRgb } from './contrast.js';
import { LAYOUTS } from './layouts/index.js';
import { type PanelArt, type PanelSpec, planDesign, renderPanelArt } from './panel-art.js';
import { resvgFontOptions, svgToPixels, widthForLongest } from './render.js';
import { familiesFromTags } from './styles.js';

const FRONT: PanelSpec = { role: 'front', widthMm: 90, heightMm: 140 };
const PANELS: PanelSpec[] = [
  FRONT,
  { role: 'back', widthMm: 90, heightMm: 140 },
  { role: 'side', widthMm: 40, heightMm: 140 },
  { role: 'top', widthMm: 90, heightMm: 40 },
  { role: 'front', widthMm: 150, heightMm: 110 },
];

function render(art: PanelArt, svg = art.svg, longest = 1024) {
  const widthPx = widthForLongest(art.widthMm, art.heightMm, longest);
  return svgToPixels(svg, widthPx);
}

function meanPixelDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length / 255;
}

describe('renderPanelArt', () => {
  it('is deterministic: same brief and seed give identical SVG bytes', () => {
    for (const brief of variedBriefs().slice(0, 6)) {
      for (const panel of PANELS) {
        const a = renderPanelArt({ brief, panel, seed: brief.seed ?? 0 });
        const b = renderPanelArt({ brief, panel, seed: brief.seed ?? 0 });
        expect(a.svg).toBe(b.svg);
      }
    }
  });

  it('varies with the seed: layout or palette changes and the pixels differ visibly', () => {
    const brief = { brand: 'Lumen', product: 'Cold Brew Coffee', style: ['minimalist'], color: ['navy'] };
    const arts = [1, 2, 3, 4, 5, 6].map((seed) => renderPanelArt({ brief: { ...brief, seed }, panel: FRONT, seed }));
    const keys = new Set(arts.map((a) => `${a.layoutId}|${a.palette.id}`));
    expect(keys.size).toBe(arts.length);
    const px = arts.map((a) => render(a).data);
    for (let i = 1; i < px.length; i++) expect(meanPixelDifference(px[0] as Buffer, px[i] as Buffer)).toBeGreaterThan(0.02);
  });

  it('varies with the style: each style gets its own layout family', () => {
    const styles = ['minimalist', 'luxury', 'vintage', 'playful', 'botanical', 'geometric', 'modern', 'bold'];
    const arts = styles.map((s) =>
      renderPanelArt({ brief: { brand: 'Kiko', product: 'Face Serum', style: [s], color: ['pink'], seed: 3 }, panel: FRONT, seed: 3 }),
    );
    arts.forEach((a, i) => expect(a.layoutId.split('/')[0]).toBe(familiesFromTags([styles[i] ?? ''])[0]));
    const px = arts.map((a) => render(a).data);
    for (let i = 0; i < px.length; i++) {
      for (let j = i + 1; j < px.length; j++) expect(meanPixelDifference(px[i] as Buffer, px[j] as Buffer)).toBeGreaterThan(0.02);
    }
  });

  it('reaches WCAG 4.5:1 for every text zone against the pixels under it (24 briefs, 5 panels)', { timeout: 60_000 }, () => {
    let zones = 0;
    let panels = 0;
    let plated = 0;
    for (const brief of variedBriefs()) {
      const plan = planDesign(brief, brief.seed ?? 0);
      for (const panel of PANELS) {
        const art = renderPanelArt({ brief, panel, seed: brief.seed ?? 0, plan });
        panels++;
        if (art.plates > 0) plated++;
        const px = render(art, withoutLayers(art.svg, ['text', 'logo']));
        for (const z of art.textZones) {
          const fill = Number.parseInt(z.fill.slice(1), 16);
          const fg = relativeLuminanceRgb({ r: ((fill >> 16) & 255) / 255, g: ((fill >> 8) & 255) / 255, b: (fill & 255) / 255 });
          let worst = Number.POSITIVE_INFINITY;
          for (const i of pixelsInside(z, art.widthMm, art.heightMm, px.width, px.height)) {
            const bg = relativeLuminanceRgb({ r: (px.data[i] ?? 0) / 255, g: (px.data[i + 1] ?? 0) / 255, b: (px.data[i + 2] ?? 0) / 255 });
            worst = Math.min(worst, (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05));
          }
          expect(worst, `${brief.brand} ${panel.role} ${z.role} "${z.text}" on ${art.layoutId}`).toBeGreaterThanOrEqual(4.5);
          zones++;
        }
      }
    }
    expect(zones).toBeGreaterThan(300);
    // Contrast comes from the palette and layout, not from patching plates behind text.
    expect(plated / panels).toBeLessThan(0.05);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
  });

  it('keeps every ornament out of the clear zones, by declared box and by rendered ink', { timeout: 60_000 }, () => {
    const briefs = variedBriefs();
    const jobs: { brief: (typeof briefs)[number]; layoutId: string }[] = [];
    LAYOUTS.forEach((l, i) => {
      jobs.push({ brief: briefs[i % briefs.length] as (typeof briefs)[number], layoutId: l.id });
      jobs.push({ brief: briefs[(i + 9) % briefs.length] as (typeof briefs)[number], layoutId: l.id });
    });
    for (const { brief, layoutId } of jobs) {
      const plan = planDesign(brief, brief.seed ?? 0, { layoutId });
      for (const panel of PANELS) {
        const art = renderPanelArt({ brief, panel, seed: brief.seed ?? 0, plan });
        expect(clearZoneViolations(art, art.widthMm, art.heightMm), `${layoutId} ${panel.role}`).toEqual([]);
        const px = render(art, withoutLayers(art.svg, ['background', 'text', 'logo']));
        for (const z of [...art.textZones, ...(art.logoZone ? [art.logoZone] : [])]) {
          const inked = pixelsInside(z, art.widthMm, art.heightMm, px.width, px.height).filter((i) => (px.data[i + 3] ?? 0) > 0);
          expect(inked.length, `${layoutId} ${panel.role} ornament ink inside a clear zone`).toBe(0);
        }
      }
    }
  });

  it('fits long names without overflow: all text ink stays inside its zones and the panel', { timeout: 120_000 }, () => {
    const names = [LONG_BRAND, 'Supercalifragilisticexpialidocious Provisions', 'Cocoa Botanica Artisan Chocolate Works'];
    expect(LONG_BRAND).toHaveLength(40);
    for (const layout of LAYOUTS) {
      for (const brand of names) {
        const brief = { brand, product: 'Extra Virgin Cold Pressed Olive Oil Selection', style: [layout.family], color: ['olive'], seed: 5 };
        const plan = planDesign(brief, 5, { layoutId: layout.id });
        for (const panel of PANELS) {
          const art = renderPanelArt({ brief, panel, seed: 5, plan });
          const brandZone = art.textZones.find((z) => z.role === 'brand');
          expect(brandZone?.text.replace(/\s+/g, ' ').toUpperCase()).toBe(brand.toUpperCase());
          const textOnly = withoutLayers(art.svg, ['background', 'ornaments', 'logo']);
          const bbox = new Resvg(textOnly, { font: resvgFontOptions() }).getBBox();
          expect(bbox).toBeDefined();
          if (!bbox) continue;
          expect(bbox.x).toBeGreaterThanOrEqual(0);
          expect(bbox.y).toBeGreaterThanOrEqual(0);
          expect(bbox.x + bbox.width).toBeLessThanOrEqual(art.widthMm);
          expect(bbox.y + bbox.height).toBeLessThanOrEqual(art.heightMm);
          const px = render(art, textOnly, 400);
          const sx = px.width / art.widthMm;
          let outside = 0;
          for (let y = 0; y < px.height; y++) {
            for (let x = 0; x < px.width; x++) {
              if ((px.data[(y * px.width + x) * 4 + 3] ?? 0) < 64) continue;
              const mx = (x + 0.5) / sx;
              const my = (y + 0.5) / sx;
              const tol = 1.5 / sx;
              if (!art.textZones.some((z) => mx >= z.x - tol && mx <= z.x + z.w + tol && my >= z.y - tol && my <= z.y + z.h + tol)) outside++;
            }
          }
          expect(outside, `${layout.id} ${panel.role} ${brand}: text pixels outside their zones`).toBe(0);
        }
      }
    }
  });

  it('places the logo inside the panel with its aspect ratio kept', () => {
    for (const brief of variedBriefs().filter((b) => b.logo)) {
      const art = renderPanelArt({ brief, panel: FRONT, seed: brief.seed ?? 0 });
      const z = art.logoZone;
      expect(z).not.toBeNull();
      if (!z || !brief.logo) continue;
      expect(z.w / z.h).toBeCloseTo(brief.logo.width / brief.logo.height, 3);
      expect(z.x).toBeGreaterThanOrEqual(0);
      expect(z.y + z.h).toBeLessThanOrEqual(FRONT.heightMm);
      expect(art.svg).toContain('data:image/png;base64,');
    }
  });
});
