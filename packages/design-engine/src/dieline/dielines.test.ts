import { BOX_TYPES, type BoxId } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { fromMm } from './builder.js';
import { containsPoint, flatten, pathBounds, type Pt, signedArea } from './geometry.js';
import { DIELINE_REGISTRY, DielineParamsError, renderDieline } from './registry.js';
import type { Dieline, Panel, PathMm } from './types.js';

const ALL_IDS = BOX_TYPES.map((b) => b.id);
const TOL = 1e-3;

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}

const panel = (d: Dieline, id: string): Panel =>
  must(
    d.panels.find((p) => p.id === id),
    `panel ${id}`,
  );
const front = (d: Dieline): Panel =>
  must(
    d.panels.find((p) => p.role === 'front'),
    'front panel',
  );
const area = (p: PathMm) => Math.abs(signedArea(fromMm(p)));

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) numbersIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) numbersIn(v, out);
  return out;
}

describe('dieline registry', () => {
  it('binds every catalogue box type to exactly one generator, and nothing else', () => {
    const keys = Object.keys(DIELINE_REGISTRY)
      .map(Number)
      .sort((a, b) => a - b);
    expect(keys).toEqual([...ALL_IDS].sort((a, b) => a - b));
    for (const id of ALL_IDS) {
      const entry = DIELINE_REGISTRY[id];
      expect(entry.schema.safeParse(entry.defaults).success, `defaults of ${id}`).toBe(true);
    }
  });

  it('applies overrides on top of the defaults and names the bad field', () => {
    expect(renderDieline(101, { length: 70 }).params.length).toBe(70);
    expect(() => renderDieline(101, { length: -5 })).toThrow(DielineParamsError);
    expect(() => renderDieline(101, { length: -5 })).toThrow(/^length: /);
    expect(() => renderDieline(901, { topDiameter: 56 })).toThrow(/topDiameter/);
  });
});

describe.each(ALL_IDS)('dieline invariants: box %i', (id: BoxId) => {
  const d = renderDieline(id);
  const { width: W, height: H } = d.size;

  it('has finite numbers, a positive sheet and a 3 mm bleed all round', () => {
    expect(numbersIn(d).every(Number.isFinite)).toBe(true);
    expect(W).toBeGreaterThan(0);
    expect(H).toBeGreaterThan(0);
    expect(d.bleed).toBe(3);
    expect(d.bleedBox).toEqual({ x: -3, y: -3, width: expect.closeTo(W + 6, 6), height: expect.closeTo(H + 6, 6) });
  });

  it('has closed outlines whose union is exactly the sheet', () => {
    expect(d.outlines.length).toBeGreaterThan(0);
    for (const o of d.outlines) expect(o.closed).toBe(true);
    const b = d.outlines.map((o) => pathBounds(fromMm(o)));
    expect(Math.min(...b.map((r) => r.x))).toBeCloseTo(0, 3);
    expect(Math.min(...b.map((r) => r.y))).toBeCloseTo(0, 3);
    expect(Math.max(...b.map((r) => r.x + r.width))).toBeCloseTo(W, 3);
    expect(Math.max(...b.map((r) => r.y + r.height))).toBeCloseTo(H, 3);
  });

  it('keeps every panel, fold, cut and zone on the sheet', () => {
    const paths = [...d.panels.map((p) => p.shape), ...d.creases, ...d.cuts, ...d.perforations, ...d.zones.map((z) => z.shape)];
    for (const p of paths) {
      const r = pathBounds(fromMm(p));
      expect(r.x).toBeGreaterThanOrEqual(-TOL);
      expect(r.y).toBeGreaterThanOrEqual(-TOL);
      expect(r.x + r.width).toBeLessThanOrEqual(W + TOL);
      expect(r.y + r.height).toBeLessThanOrEqual(H + TOL);
    }
  });

  it('has uniquely named panels and exactly one front', () => {
    expect(new Set(d.panels.map((p) => p.id)).size).toBe(d.panels.length);
    expect(d.panels.filter((p) => p.role === 'front')).toHaveLength(1);
    for (const p of d.panels) {
      expect(p.face.width, p.id).toBeGreaterThan(0);
      expect(p.face.height, p.id).toBeGreaterThan(0);
      expect(p.safe.width, p.id).toBeGreaterThanOrEqual(0);
      expect(p.safe.height, p.id).toBeGreaterThanOrEqual(0);
    }
    const f = front(d);
    expect(f.safe.width * f.safe.height).toBeGreaterThan(0);
  });

  it('keeps each safe area inside its panel', () => {
    for (const p of d.panels) {
      const shape = flatten(fromMm(p.shape));
      const { x, y, width, height } = p.safe;
      if (width === 0 || height === 0) continue;
      for (const [fx, fy] of [
        [0.001, 0.001],
        [0.999, 0.001],
        [0.999, 0.999],
        [0.001, 0.999],
        [0.5, 0.5],
      ] as const) {
        expect(containsPoint(shape, { x: x + width * fx, y: y + height * fy }), `${p.id} safe area`).toBe(true);
      }
    }
  });

  it('has panels that tile the blank without overlapping', () => {
    const panelArea = d.panels.reduce((s, p) => s + area(p.shape), 0);
    expect(panelArea).toBeCloseTo(d.area, 0);
    const outlineArea = d.outlines.reduce((s, o) => s + area(o), 0);
    expect(outlineArea).toBeCloseTo(d.area, 0);

    const shapes = d.panels.map((p) => ({ id: p.id, pts: flatten(fromMm(p.shape)), b: p.bounds }));
    const step = Math.max(W, H) / 160;
    for (let gx = (step * Math.SQRT1_2) / 2; gx < W; gx += step) {
      for (let gy = (step * Math.SQRT2) / 5; gy < H; gy += step) {
        const at: Pt = { x: gx, y: gy };
        const hits = shapes.filter((s) => gx >= s.b.x && gx <= s.b.x + s.b.width && gy >= s.b.y && gy <= s.b.y + s.b.height && containsPoint(s.pts, at));
        if (hits.length > 1) throw new Error(`panels ${hits.map((h) => h.id).join(' and ')} overlap at ${gx.toFixed(2)},${gy.toFixed(2)}`);
      }
    }
  });

  it('renders the same dieline every time', () => {
    expect(renderDieline(id)).toEqual(d);
  });
});

function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const side = (p: Pt, q: Pt, r: Pt) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  return d1 * d2 < -1e-12 && d3 * d4 < -1e-12;
}

function isSimple(points: readonly Pt[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsCross(points[i] as Pt, points[(i + 1) % n] as Pt, points[j] as Pt, points[(j + 1) % n] as Pt)) return false;
    }
  }
  return true;
}

describe('any size a customer may type', () => {
  // Seeded so failures reproduce; every size is either refused with a named field or drawn soundly.
  let seed = 20261122;
  const random = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
  const SIZES = [
    'length',
    'width',
    'height',
    'depth',
    'diameter',
    'labelHeight',
    'topDiameter',
    'bottomDiameter',
    'gusset',
    'lidHeight',
    'frontWidth',
    'backWidth',
    'lidLabelDiameter',
    'headerHeight',
    'turnIn',
    'overlap',
    'glueFlap',
    'turnOver',
  ];

  it.each(ALL_IDS)('box %i', (id) => {
    const defaults = DIELINE_REGISTRY[id].defaults;
    for (let i = 0; i < 12; i++) {
      const overrides: Record<string, number> = {};
      for (const k of SIZES) {
        const v = defaults[k];
        if (typeof v === 'number' && v > 0) overrides[k] = Math.round(v * (0.1 + random() * 4) * 100) / 100;
      }
      if (typeof defaults.thickness === 'number') overrides.thickness = Math.round(random() * 800) / 100;
      let d: Dieline;
      try {
        d = renderDieline(id, overrides);
      } catch (error) {
        expect(error, JSON.stringify(overrides)).toBeInstanceOf(DielineParamsError);
        expect((error as Error).message).toMatch(/^[a-zA-Z.]+: /);
        continue;
      }
      const panelArea = d.panels.reduce((s, p) => s + area(p.shape), 0);
      expect(Math.abs(panelArea - d.area) / d.area, JSON.stringify(overrides)).toBeLessThan(1e-4);
      for (const p of d.panels) expect(isSimple(flatten(fromMm(p.shape), Math.PI / 30)), `${p.id} ${JSON.stringify(overrides)}`).toBe(true);
    }
  });
});

describe('folding cartons', () => {
  it('reverse tuck end 60×40×150: front L×H, sheet 2(L+W) + glue flap + four calipers wide', () => {
    const bare = renderDieline(101, { length: 60, width: 40, height: 150, thickness: 0 });
    expect(front(bare).face).toEqual({ width: 60, height: 150 });
    expect(front(bare).bounds).toMatchObject({ width: 60, height: 150 });
    expect(bare.size.width).toBeCloseTo(2 * (60 + 40) + 15, 6);

    const t = 0.45;
    const d = renderDieline(101, { length: 60, width: 40, height: 150, thickness: t });
    expect(front(d).face.width).toBeCloseTo(60 + t, 6);
    // Both ends close over flaps: the body is H + 2t (carton-tube.ts).
    expect(front(d).face.height).toBeCloseTo(150 + 2 * t, 6);
    expect(d.size.width).toBeCloseTo(2 * (60 + 40) + 4 * t + 15, 6);
    const tuck = 0.4 * (40 + t);
    expect(d.size.height).toBeCloseTo(150 + 2 * t + 2 * (40 + t) + 2 * tuck, 6);
    // Top closure on the back, bottom closure on the front: the "reverse" of the name.
    expect(panel(d, 'top').bounds.x).toBeCloseTo(panel(d, 'back').bounds.x, 6);
    expect(panel(d, 'bottom').bounds.x).toBeCloseTo(panel(d, 'front').bounds.x, 6);
    expect(panel(d, 'top').bounds.height).toBeCloseTo(40 + t, 6);
    expect(panel(d, 'top-tuck').bounds.width).toBeCloseTo(60 + t - 2 * t, 6);
    expect(panel(d, 'top').artworkRotation).toBe(180);
    expect(d.panels.filter((p) => p.role === 'dust-flap')).toHaveLength(4);
  });

  it('straight tuck end hangs both closures on the back panel', () => {
    const d = renderDieline(102);
    const back = panel(d, 'back').bounds;
    expect(panel(d, 'top').bounds.x).toBeCloseTo(back.x, 6);
    expect(panel(d, 'bottom').bounds.x).toBeCloseTo(back.x, 6);
    expect(panel(d, 'bottom').artworkRotation).toBe(0);
  });

  it('auto-lock bottom has a tuck top and four glued lock flaps below', () => {
    const d = renderDieline(103);
    const lock = d.panels.filter((p) => p.role === 'lock-flap');
    expect(lock).toHaveLength(4);
    const bodyBottom = panel(d, 'front').bounds.y + panel(d, 'front').bounds.height;
    for (const p of lock) expect(p.bounds.y).toBeCloseTo(bodyBottom, 6);
    expect(d.zones.filter((z) => z.kind === 'glue')).toHaveLength(4);
    expect(panel(d, 'top-tuck')).toBeDefined();
  });

  it('sleeve is the open tube only', () => {
    const t = 0.45;
    const d = renderDieline(105, { length: 100, width: 30, height: 70, thickness: t });
    expect(d.size.width).toBeCloseTo(2 * (100 + 30) + 4 * t + 15, 6);
    expect(d.size.height).toBeCloseTo(70 + t, 6);
    expect(d.panels.map((p) => p.role).sort()).toEqual(['back', 'front', 'glue-flap', 'left', 'right']);
  });

  it('pillow box: faces width + t by length, lens ends as deep as half the pack', () => {
    const d = renderDieline(106, { width: 80, depth: 25, length: 120, thickness: 0.45 });
    expect(front(d).face).toEqual({ width: 80.45, height: 120 });
    expect(d.size.height).toBeCloseTo(120 + 25, 6);
    expect(d.panels.filter((p) => p.role === 'end-flap')).toHaveLength(4);
    expect(d.creases.some((c) => c.segments.some((s) => s.kind === 'arc'))).toBe(true);
  });

  it('counter display: the folded-over header is the front, one caliper shorter than its back', () => {
    const t = 0.45;
    const d = renderDieline(107, { length: 200, width: 150, height: 60, headerHeight: 80, frontHeight: 30, thickness: t });
    expect(front(d).id).toBe('header');
    expect(front(d).face.width).toBeCloseTo(200 + t, 6);
    expect(front(d).face.height).toBeCloseTo(80 - t, 6);
    expect(panel(d, 'back').bounds.height).toBeCloseTo(60 + 80, 6);
    expect(panel(d, 'front-lip').bounds.height).toBeCloseTo(30, 6);
    expect(d.size.height).toBeCloseTo(80 - t + 140 + 150 + t + 30, 6);
  });

  it('two-piece rigid box: lid fits over the base by clearance and two calipers', () => {
    const t = 2;
    const d = renderDieline(104, { length: 200, width: 150, height: 80, lidHeight: 30, thickness: t, clearance: 1, turnIn: 15 });
    expect(d.outlines).toHaveLength(2);
    expect(panel(d, 'base-bottom').face).toEqual({ width: 204, height: 154 });
    expect(front(d).id).toBe('lid-top');
    expect(front(d).face).toEqual({ width: 204 + 1 + 4, height: 154 + 1 + 4 });
    expect(panel(d, 'lid-front-wall').bounds.height).toBeCloseTo(30, 6);
    expect(panel(d, 'base-front-wall').bounds.height).toBeCloseTo(80 + t, 6);
    expect(panel(d, 'base-front-wall-turn-in').bounds.height).toBeCloseTo(t + 15, 6);
  });
});

describe('corrugated', () => {
  it('mailer FEFCO 0427: base (L+3t)×(W+2t), lid on the back wall, rolled side walls with tabs', () => {
    const t = 1.5;
    const [L, W, H] = [250, 180, 80];
    const d = renderDieline(201, { length: L, width: W, height: H, thickness: t });
    expect(panel(d, 'base').face).toEqual({ width: L + 3 * t, height: W + 2 * t });
    expect(front(d).id).toBe('lid');
    expect(front(d).face).toEqual({ width: L + 3 * t, height: W + 3 * t });
    expect(panel(d, 'back-wall').face.height).toBeCloseTo(H + t, 6);
    expect(panel(d, 'right-inner-wall').face.width).toBeCloseTo(H, 6);
    const tab = 2 * t + 1;
    expect(d.size.width).toBeCloseTo(L + 3 * t + 2 * (H + t + H + tab), 6);
    expect(d.size.height).toBeCloseTo(H - t + (W + 3 * t) + (H + t) + (W + 2 * t) + (H + t) + H + tab, 6);
    expect(d.panels.filter((p) => p.role === 'ear')).toHaveLength(4);
    expect(d.panels.filter((p) => p.role === 'lock-flap')).toHaveLength(6);
    expect(d.cuts).toHaveLength(6);
  });

  it('RSC FEFCO 0201: joint + 2(L+t) + 2(W+t) wide, flaps of (W+t)/2 that meet', () => {
    const t = 3;
    const [L, W, H] = [300, 200, 200];
    const d = renderDieline(202, { length: L, width: W, height: H, thickness: t, joint: 35 });
    expect(d.size.width).toBeCloseTo(35 + 2 * (L + t) + 2 * (W + t), 6);
    expect(d.size.height).toBeCloseTo(H + 2 * t + (W + t), 6);
    expect(front(d).face).toEqual({ width: L + t, height: H + 2 * t });
    expect(panel(d, 'front-top-flap').face.height).toBeCloseTo((W + t) / 2, 6);
    expect(panel(d, 'right-top-flap').face.height).toBeCloseTo((W + t) / 2, 6);
    // Slots of 2t between neighbouring flaps.
    const gap = panel(d, 'right-top-flap').bounds.x - (panel(d, 'front-top-flap').bounds.x + panel(d, 'front-top-flap').bounds.width);
    expect(gap).toBeCloseTo(2 * t, 6);
  });

  it('HSC FEFCO 0200 has no top flaps; FOL 0203 outer flaps span the full width', () => {
    const hsc = renderDieline(203);
    expect(hsc.panels.some((p) => p.id.endsWith('-top-flap'))).toBe(false);
    const fol = renderDieline(204, { width: 200, thickness: 3 });
    expect(panel(fol, 'front-top-flap').face.height).toBeCloseTo(203, 6);
    expect(panel(fol, 'right-top-flap').face.height).toBeCloseTo(101.5, 6);
  });
});

describe('labels, tubes, pouches, bags and cups', () => {
  it('a wrap label for d = 66 mm is π·66 + overlap wide, its front half of the circumference', () => {
    const d = renderDieline(701, { diameter: 66, labelHeight: 100, overlap: 6 });
    expect(d.size.width).toBeCloseTo(Math.PI * 66 + 6, 3);
    expect(d.size.height).toBeCloseTo(100, 6);
    expect(front(d).face.width).toBeCloseTo((Math.PI * 66) / 2, 3);
    // The front is centred on the band: the seam falls at the back.
    expect(front(d).bounds.x).toBeCloseTo((Math.PI * 66) / 4, 3);
    expect(d.zones.filter((z) => z.kind === 'glue')).toHaveLength(1);
  });

  it('wine bottles get separate front and back labels', () => {
    const d = renderDieline(301);
    expect(d.outlines).toHaveLength(2);
    expect(front(d).face).toEqual({ width: 90, height: 100 });
    expect(panel(d, 'back').face).toEqual({ width: 80, height: 100 });
    expect(() => renderDieline(301, { frontWidth: 200 })).toThrow(/frontWidth/);
  });

  it('jars add a round lid label', () => {
    const d = renderDieline(704);
    expect(d.outlines).toHaveLength(2);
    expect(panel(d, 'lid-label').face).toEqual({ width: 60, height: 60 });
    expect(area(panel(d, 'lid-label').shape)).toBeCloseTo(Math.PI * 900, 0);
  });

  it('squeeze tube: π·d + seam wide with a crimp seal zone at the top', () => {
    const d = renderDieline(802, { diameter: 40, length: 150, seal: 6, overlap: 2 });
    expect(d.size.width).toBeCloseTo(Math.PI * 40 + 2, 3);
    expect(d.size.height).toBeCloseTo(150, 6);
    const seal = must(
      d.zones.find((z) => z.kind === 'seal'),
      'seal zone',
    );
    expect(pathBounds(fromMm(seal.shape)).height).toBeCloseTo(6, 6);
    expect(front(d).safe.y).toBeGreaterThanOrEqual(6);
  });

  it('paper tube: body wrap, a lid wrap π(d + clearance + 2t) round, and the lid disc', () => {
    const t = 1.5;
    const d = renderDieline(803, { diameter: 80, height: 150, lidHeight: 40, thickness: t, clearance: 0.5, overlap: 8, turnIn: 12 });
    expect(d.outlines).toHaveLength(3);
    expect(front(d).face.width).toBeCloseTo((Math.PI * 80) / 2, 3);
    expect(front(d).face.height).toBeCloseTo(150, 6);
    expect(panel(d, 'lid-front').face.width).toBeCloseTo((Math.PI * (80 + 0.5 + 2 * t)) / 2, 3);
    expect(panel(d, 'lid-top').face.width).toBeCloseTo(80 + 0.5 + 2 * t, 6);
  });

  it('stand-up pouch: front, bottom gusset and back in one web with full-length side seals', () => {
    const d = renderDieline(501, { width: 130, height: 210, gusset: 80 });
    expect(d.size).toEqual({ width: 130, height: 2 * 210 + 80 });
    expect(front(d).face).toEqual({ width: 130, height: 210 });
    expect(panel(d, 'bottom-gusset').face.height).toBe(80);
    expect(panel(d, 'back').artworkRotation).toBe(180);
    expect(d.zones.filter((z) => z.kind === 'seal')).toHaveLength(4);
    expect(d.zones.some((z) => z.kind === 'zipper')).toBe(true);
    expect(front(d).safe.x).toBeGreaterThanOrEqual(8);
  });

  it('flat pouch folds at the bottom; a sachet is two sealed webs', () => {
    expect(renderDieline(502, { width: 120, height: 170 }).size).toEqual({ width: 120, height: 340 });
    const sachet = renderDieline(503);
    expect(sachet.outlines).toHaveLength(2);
    expect(sachet.zones.filter((z) => z.kind === 'seal')).toHaveLength(8);
  });

  it('flat-bottom pouch: gussets either side of the front, bottom panel below it', () => {
    const d = renderDieline(504, { width: 120, height: 230, gusset: 70, sideSeal: 8 });
    expect(d.size.width).toBeCloseTo(2 * 70 + 2 * 120 + 8, 6);
    expect(panel(d, 'bottom').face).toEqual({ width: 120, height: 70 });
    expect(d.size.height).toBeCloseTo(230 + 70, 6);
  });

  it('gusseted paper bags: glue + 2W + 2G wide, block bottom ¾ of the gusset deep', () => {
    const sos = renderDieline(601, { width: 150, height: 280, gusset: 90, glueFlap: 20 });
    expect(sos.size.width).toBeCloseTo(20 + 2 * 150 + 2 * 90, 6);
    expect(sos.size.height).toBeCloseTo(280 + 0.75 * 90, 6);
    const shop = renderDieline(602, { width: 250, height: 320, gusset: 100, turnOver: 40 });
    expect(shop.size.height).toBeCloseTo(40 + 320 + 75, 6);
    expect(shop.cuts).toHaveLength(8);
    expect(front(shop).face).toEqual({ width: 250, height: 320 });
  });

  it('flat paper bag and side-gusset coffee bag', () => {
    const flat = renderDieline(603, { width: 140, height: 220, glueFlap: 20 });
    expect(flat.size.width).toBeCloseTo(2 * 140 + 20, 6);
    const coffee = renderDieline(604, { width: 110, height: 300, gusset: 60 });
    expect(coffee.size.width).toBeCloseTo(110 + 2 * 60 + 110 + 10, 6);
    expect(coffee.zones.some((z) => z.kind === 'no-print')).toBe(true);
  });

  it('paper cup: an annular sector whose front spans half the rim circumference', () => {
    const t = 0.35;
    const [D, dd, h] = [80, 56, 92];
    const d = renderDieline(901, { topDiameter: D, bottomDiameter: dd, height: h, thickness: t, overlap: 8, rimCurl: 5, bottomFold: 8 });
    const slant = Math.hypot(h, (D - dd) / 2);
    expect(front(d).face.width).toBeCloseTo((Math.PI * (D - t)) / 2, 3);
    expect(front(d).face.height).toBeCloseTo(slant, 3);
    const wall = d.panels.filter((p) => p.role === 'front' || p.role === 'back');
    expect(wall.reduce((s, p) => s + p.face.width, 0)).toBeCloseTo(Math.PI * (D - t), 3);
    // Wall area of a frustum: π(r1 + r2)·s, on the mid-plane.
    const wallArea = wall.reduce((s, p) => s + area(p.shape), 0);
    const exact = Math.PI * ((D - t) / 2 + (dd - t) / 2) * slant;
    expect(Math.abs(wallArea - exact) / exact).toBeLessThan(1e-4);
    const outer = front(d).shape.segments.find((s) => s.kind === 'arc');
    const r2 = (D - t) / 2;
    expect(outer?.kind === 'arc' ? outer.radius : 0).toBeCloseTo((r2 * slant) / (r2 - (dd - t) / 2), 3);
  });
});
