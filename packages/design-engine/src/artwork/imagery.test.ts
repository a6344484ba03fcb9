import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearZoneViolations } from './art.js';
import { makeBusyPhoto, makeIllustration, pixelsInside, variedBriefs, withoutLayers } from './artwork.fixtures.js';
import { MIN_TEXT_CONTRAST, blendChannels, scrimOpacity, worstContrastOnPixels } from './contrast.js';
import { intersects } from './geometry.js';
import { type RasterImage, backdropImage, coverRect, imageryCrop, zoneOf } from './imagery.js';
import { LAYOUTS } from './layouts/index.js';
import { type PanelSpec, planDesign, renderPanelArt } from './panel-art.js';
import { svgToPixels, widthForLongest } from './render.js';

async function raster(png: Buffer): Promise<RasterImage> {
  const meta = await sharp(png).metadata();
  const jpeg = await sharp(png).jpeg({ quality: 88 }).toBuffer();
  return { href: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width: meta.width ?? 0, height: meta.height ?? 0, opaque: true };
}

const FRONT: PanelSpec = { role: 'front', widthMm: 90, heightMm: 140 };
const PANELS: PanelSpec[] = [
  FRONT,
  { role: 'front', widthMm: 150, heightMm: 110 },
  { role: 'back', widthMm: 90, heightMm: 140 },
  { role: 'side', widthMm: 40, heightMm: 140 },
  { role: 'top', widthMm: 90, heightMm: 40 },
];

/** The panel rendered the way the flat front is delivered: 1024 px on its longest side. */
function render1024(svg: string, panel: PanelSpec) {
  return svgToPixels(svg, widthForLongest(panel.widthMm, panel.heightMm, 1024));
}

/** Share of pixels within `tol` of an RGB colour. */
function shareNear(
  px: { data: Uint8Array; width: number; height: number },
  rgb: readonly [number, number, number],
  tol = 40,
  region?: { x: number; y: number; w: number; h: number },
  mm?: { w: number; h: number },
): number {
  const idx = region && mm ? pixelsInside(region, mm.w, mm.h, px.width, px.height) : Array.from({ length: px.width * px.height }, (_, i) => i * 4);
  let hit = 0;
  for (const i of idx) {
    if (Math.abs((px.data[i] ?? 0) - rgb[0]) <= tol && Math.abs((px.data[i + 1] ?? 0) - rgb[1]) <= tol && Math.abs((px.data[i + 2] ?? 0) - rgb[2]) <= tol)
      hit++;
  }
  return idx.length ? hit / idx.length : 0;
}

let busy: RasterImage;
let illustration: RasterImage;
beforeAll(async () => {
  busy = await raster(makeBusyPhoto());
  illustration = await raster(makeIllustration());
});

describe('imagery geometry', () => {
  it('cover-crops: the image covers the target with its aspect kept, zoomed towards the focus point', () => {
    const img = { width: 1000, height: 500 };
    const r = coverRect(img, 90, 140);
    expect(r.h).toBeCloseTo(140, 6);
    expect(r.w / r.h).toBeCloseTo(2, 6);
    expect(r.x).toBeCloseTo((90 - r.w) / 2, 6);
    const z = coverRect(img, 90, 140, { zoom: 1.2, fx: 0, fy: 1 });
    expect(z.h).toBeCloseTo(168, 6);
    expect(z.x).toBeCloseTo(0, 6);
    expect(z.y + z.h).toBeCloseTo(140, 6);
    expect(zoneOf(r, { x: 0, y: 0, w: 90, h: 140 }, 'rect')).toEqual({ x: 0.3393, y: 0, w: 0.3214, h: 1, shape: 'rect' });
  });

  it('runs a backdrop on across the slices of a band: each slice shows the next part of one image', () => {
    const img = { href: 'data:,', width: 1200, height: 400, opaque: true };
    const crop = imageryCrop(5);
    const slices = [0, 1, 2].map((i) => backdropImage(img, 70, 100, { offsetMm: i * 70, widthMm: 210 }, crop));
    const xs = slices.map((s) => Number(/x="([-\d.]+)"/.exec(s.svg)?.[1]));
    // The same placement in band coordinates: each slice's image sits 70 mm further left.
    expect(xs[0]! - xs[1]!).toBeCloseTo(70, 2);
    expect(xs[1]! - xs[2]!).toBeCloseTo(70, 2);
    // Their windows tile the image's width without gap or overlap.
    expect(slices[0]!.zone.x + slices[0]!.zone.w).toBeCloseTo(slices[1]!.zone.x, 3);
    expect(slices[1]!.zone.x + slices[1]!.zone.w).toBeCloseTo(slices[2]!.zone.x, 3);
  });

  it('crops shared imagery differently per design seed, the same way for one seed', () => {
    expect(imageryCrop(3)).toEqual(imageryCrop(3));
    expect(imageryCrop(3)).not.toEqual(imageryCrop(4));
    for (const seed of [1, 2, 3, 99, 123456]) {
      const c = imageryCrop(seed);
      expect(c.zoom).toBeGreaterThanOrEqual(1);
      expect(c.zoom).toBeLessThanOrEqual(1.25);
    }
  });

  it('finds the least scrim opacity that carries text over the worst pixel, or says none can', () => {
    const a = scrimOpacity('#ffffff', '#111111', [255, 255, 255]);
    expect(a).not.toBeNull();
    const over = blendChannels([17, 17, 17], [255, 255, 255], a ?? 1);
    const lum = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    expect(1.05 / (lum(over[0]) + 0.05)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // One step less no longer passes.
    const less = blendChannels([17, 17, 17], [255, 255, 255], (a ?? 1) - 0.01);
    expect(1.05 / (lum(less[0]) + 0.05)).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(scrimOpacity('#777777', '#888888', [255, 255, 255])).toBeNull();
    expect(scrimOpacity('#000000', '#ffffff', [255, 255, 255])).toBe(0);
  });
});

describe('a backdrop image behind the layout', () => {
  it('shows on every panel role, under the layout', () => {
    const brief = variedBriefs()[0]!;
    for (const panel of PANELS) {
      const local = renderPanelArt({ brief, panel, seed: 1 });
      const art = renderPanelArt({ brief, panel, seed: 1, imagery: { background: busy } });
      expect(art.svg).toContain(busy.href);
      expect(local.svg).not.toContain('<image');
      expect(art.imageryZones.background).toBeDefined();
      // Imagery visible: the busy photo's pixels differ from the procedural backdrop almost everywhere.
      const a = render1024(art.svg, panel).data;
      const b = render1024(local.svg, panel).data;
      let differing = 0;
      for (let i = 0; i < a.length; i += 4)
        if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) + Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)) + Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0)) > 60) differing++;
      // The back keeps its copy on a card: the photo shows round it.
      expect(differing / (a.length / 4), `${panel.role} ${panel.widthMm}×${panel.heightMm}`).toBeGreaterThan(panel.role === 'back' ? 0.1 : 0.3);
    }
  });

  it(
    'keeps every text at WCAG 4.5:1 against the actual 1024 px pixels behind it, scrims included (22 layouts × 5 panels, a busy photo)',
    { timeout: 120_000 },
    () => {
      const briefs = variedBriefs();
      let zones = 0;
      let scrimmed = 0;
      let lowest = Number.POSITIVE_INFINITY;
      LAYOUTS.forEach((layout, i) => {
        const brief = briefs[(i * 5) % briefs.length]!;
        const plan = planDesign(brief, brief.seed ?? 0, { layoutId: layout.id });
        for (const panel of PANELS) {
          const art = renderPanelArt({ brief, panel, seed: brief.seed ?? 0, plan, imagery: { background: busy } });
          if (art.plates > 0) scrimmed++;
          expect(clearZoneViolations(art, art.widthMm, art.heightMm), `${layout.id} ${panel.role}`).toEqual([]);
          const px = render1024(withoutLayers(art.svg, ['text', 'logo']), panel);
          for (const z of art.textZones) {
            const worst = worstContrastOnPixels(z.fill, px.data, pixelsInside(z, panel.widthMm, panel.heightMm, px.width, px.height));
            expect(worst, `${layout.id} ${panel.role} ${z.role} "${z.text}"`).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
            lowest = Math.min(lowest, worst);
            zones++;
          }
        }
      });
      console.info(
        `Imagery contrast: ${zones} text zones on ${LAYOUTS.length * PANELS.length} panels, lowest ${lowest.toFixed(2)}:1 at 1024 px; ${scrimmed} panels needed a scrim or plate`,
      );
      expect(zones).toBeGreaterThan(250);
      // On a photo no palette colour reads everywhere: most panels needed a scrim.
      expect(scrimmed).toBeGreaterThan(LAYOUTS.length * 2);
    },
  );

  it('is deterministic for the same image and seed, and crops differently for another seed', () => {
    const brief = variedBriefs()[2]!;
    const plan = planDesign(brief, 3);
    const a = renderPanelArt({ brief, panel: FRONT, seed: 3, plan, imagery: { background: busy } });
    const b = renderPanelArt({ brief, panel: FRONT, seed: 3, plan, imagery: { background: busy } });
    const c = renderPanelArt({ brief, panel: FRONT, seed: 4, plan, imagery: { background: busy } });
    expect(a.svg).toBe(b.svg);
    expect(c.imageryZones.background).not.toEqual(a.imageryZones.background);
  });
});

describe('an illustration in the art zone', () => {
  it('takes the front art zone of almost every layout, clear of text and logo, in its own colours', () => {
    const briefs = variedBriefs();
    let placed = 0;
    LAYOUTS.forEach((layout, i) => {
      const brief = briefs[i % briefs.length]!;
      const plan = planDesign(brief, brief.seed ?? 0, { layoutId: layout.id });
      const art = renderPanelArt({ brief, panel: FRONT, seed: brief.seed ?? 0, plan, imagery: { illustration } });
      expect(clearZoneViolations(art, art.widthMm, art.heightMm)).toEqual([]);
      if (!art.illustration) return;
      placed++;
      const r = art.illustration.rect;
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.y).toBeGreaterThanOrEqual(0);
      expect(r.x + r.w).toBeLessThanOrEqual(FRONT.widthMm + 1e-6);
      expect(r.y + r.h).toBeLessThanOrEqual(FRONT.heightMm + 1e-6);
      expect(r.w).toBeGreaterThanOrEqual(0.2 * FRONT.widthMm - 1e-6);
      for (const z of [...art.textZones, ...(art.logoZone ? [art.logoZone] : [])])
        expect(intersects(z, r), `${layout.id}: illustration over ${JSON.stringify(z)}`).toBe(false);
      // The illustration's magenta and green fill its zone on the rendered front.
      const px = render1024(art.svg, FRONT);
      const inner = { x: r.x + r.w * 0.15, y: r.y + r.h * 0.15, w: r.w * 0.7, h: r.h * 0.7 };
      const mm = { w: FRONT.widthMm, h: FRONT.heightMm };
      expect(shareNear(px, [255, 0, 255], 40, inner, mm) + shareNear(px, [0, 210, 106], 40, inner, mm), layout.id).toBeGreaterThan(0.85);
      expect(art.imageryZones.illustration?.shape).toMatch(/circle|rounded/);
    });
    expect(placed).toBeGreaterThanOrEqual(LAYOUTS.length - 2);
  });

  it('goes on the front only; back and sides keep their copy', () => {
    const brief = variedBriefs()[5]!;
    for (const panel of PANELS.slice(2)) {
      const art = renderPanelArt({ brief, panel, seed: 6, imagery: { illustration } });
      expect(art.illustration).toBeNull();
      expect(art.svg).not.toContain(illustration.href);
    }
  });
});
