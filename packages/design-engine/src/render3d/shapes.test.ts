import { describe, expect, it } from 'vitest';
import { meshBounds, slotExtent, slotIndex, triangleCount, type Mesh, type Slot } from './mesh.js';
import { BOTTLE_STYLES, buildShape, type ShapeSpec } from './shapes.js';

const SHAPES: readonly ShapeSpec[] = [
  { kind: 'box', width: 80, height: 110, depth: 40 },
  { kind: 'cylinder', diameter: 60, height: 100 },
  { kind: 'cylinder', diameter: 66, height: 122, variant: 'can' },
  { kind: 'cylinder', diameter: 80, height: 90, variant: 'jar' },
  { kind: 'bottle', diameter: 70, height: 240 },
  { kind: 'tube', diameter: 40, length: 170 },
  { kind: 'pouch', width: 140, height: 200 },
  { kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 110 },
  { kind: 'cylinder', diameter: 73, height: 110, variant: 'tin' },
  { kind: 'cylinder', diameter: 15, height: 67, variant: 'stick', lidHeight: 58 },
  { kind: 'cylinder', diameter: 80, height: 190, variant: 'paper-tube', lidHeight: 40 },
  { kind: 'tube', diameter: 35, length: 150, cap: 'flip' },
  { kind: 'pouch', width: 120, height: 170, depth: 14, profile: 'pillow', seals: { side: 8, top: 10, notchFromTop: 15 } },
  { kind: 'pouch', width: 130, height: 210, seals: { side: 8, top: 10, notchFromTop: 15, zipperFromTop: 25, zipperHeight: 8 } },
  { kind: 'cup', topDiameter: 80, bottomDiameter: 56, height: 92, lid: 'hot' },
  { kind: 'cup', topDiameter: 95, bottomDiameter: 75, height: 60, lid: 'flat' },
  { kind: 'cup', topDiameter: 118, bottomDiameter: 100, height: 80, lid: 'snap' },
  { kind: 'box', width: 300, height: 150, depth: 200, top: 'open' },
  { kind: 'box', width: 250, height: 320, depth: 100, top: 'open', handles: true },
  { kind: 'box', width: 200, height: 80, depth: 150, lidDepth: 30 },
  { kind: 'box', width: 300, height: 200, depth: 200, tape: true },
  ...BOTTLE_STYLES.filter((s) => s !== 'pump' && s !== 'spray').map((style): ShapeSpec => ({ kind: 'bottle', diameter: 60, height: 200, style })),
];

/** Parts that stand off the axis on purpose (a nozzle to the side, a straw, a valve): windings only. */
const OFF_AXIS: readonly ShapeSpec[] = [
  { kind: 'bottle', diameter: 55, height: 170, style: 'pump' },
  { kind: 'bottle', diameter: 40, height: 120, style: 'spray' },
  { kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 135, lid: 'dome', straw: true },
  { kind: 'box', width: 110, height: 300, depth: 60, top: 'sealed', seal: { height: 10, taper: 30, valveFromTop: 45 } },
  { kind: 'box', width: 120, height: 230, depth: 70, top: 'sealed', seal: { height: 10, taper: 14, zipperFromTop: 25 } },
];

const label = (s: ShapeSpec): string =>
  [
    s.kind,
    'variant' in s ? s.variant : undefined,
    'style' in s ? s.style : undefined,
    'lid' in s ? s.lid : undefined,
    'top' in s ? s.top : undefined,
    'profile' in s ? s.profile : undefined,
  ]
    .filter(Boolean)
    .join('/');

/** Triangles that disagree with their vertex normals (back-face culling relies on none). */
function windingErrors(mesh: Mesh): { disagree: number; total: number } {
  let disagree = 0;
  let total = 0;
  for (let t = 0; t < triangleCount(mesh); t++) {
    const n = faceNormal(mesh, t);
    const len = Math.hypot(...n);
    if (len < 1e-9) continue;
    let dot = 0;
    for (let k = 0; k < 3; k++) {
      const i = mesh.indices[t * 3 + k]! * 3;
      dot += (n[0] * mesh.normals[i]! + n[1] * mesh.normals[i + 1]! + n[2] * mesh.normals[i + 2]!) / len;
    }
    total++;
    if (dot <= 0) disagree++;
  }
  return { disagree, total };
}

/** Bounds of the vertices of the triangles in `slot`, or undefined when the slot is empty. */
function partBounds(mesh: Mesh, slot: Slot): { min: [number, number, number]; max: [number, number, number]; count: number } | undefined {
  const want = slotIndex(slot);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let count = 0;
  for (let t = 0; t < triangleCount(mesh); t++) {
    if (mesh.slots[t] !== want) continue;
    count++;
    for (let k = 0; k < 3; k++) {
      const i = mesh.indices[t * 3 + k]! * 3;
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a]!, mesh.positions[i + a]!);
        max[a] = Math.max(max[a]!, mesh.positions[i + a]!);
      }
    }
  }
  return count ? { min, max, count } : undefined;
}

const bottle = (style: (typeof BOTTLE_STYLES)[number], diameter: number, height: number): Mesh => buildShape({ kind: 'bottle', diameter, height, style });

/** Geometric normal of triangle t from its winding, unnormalised. */
function faceNormal(mesh: Mesh, t: number): [number, number, number] {
  const p = (k: number): [number, number, number] => {
    const i = mesh.indices[t * 3 + k]! * 3;
    return [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!];
  };
  const [a, b, c] = [p(0), p(1), p(2)];
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
}

describe('shape meshes', () => {
  it.each(SHAPES.map((s) => [label(s), s] as const))(
    '%s stands on the floor, centred on the Y axis, with windings that agree with its normals',
    (_name, shape) => {
      const mesh = buildShape(shape);
      expect(triangleCount(mesh)).toBeGreaterThan(0);
      const { min, max } = meshBounds(mesh);
      expect(min[1]).toBeCloseTo(0, 6);
      expect((min[0] + max[0]) / 2).toBeCloseTo(0, 3);
      expect((min[2] + max[2]) / 2).toBeCloseTo(0, 1);
      const { disagree, total } = windingErrors(mesh);
      expect(total).toBeGreaterThan(0);
      expect(disagree).toBe(0);
    },
  );

  it.each(OFF_AXIS.map((s) => [label(s), s] as const))('%s stands on the floor with windings that agree with its normals', (_name, shape) => {
    const mesh = buildShape(shape);
    expect(meshBounds(mesh).min[1]).toBeCloseTo(0, 6);
    const { disagree, total } = windingErrors(mesh);
    expect(total).toBeGreaterThan(0);
    expect(disagree).toBe(0);
  });

  it('builds a box to its dimensions with the front texture upright on +Z', () => {
    const mesh = buildShape({ kind: 'box', width: 80, height: 110, depth: 40 });
    expect(meshBounds(mesh)).toEqual({ min: [-40, 0, -20], max: [40, 110, 20] });
    const front = slotIndex('front');
    const corners: string[] = [];
    for (let t = 0; t < triangleCount(mesh); t++) {
      if (mesh.slots[t] !== front) continue;
      for (let k = 0; k < 3; k++) {
        const i = mesh.indices[t * 3 + k]!;
        const [x, y, z] = [mesh.positions[i * 3]!, mesh.positions[i * 3 + 1]!, mesh.positions[i * 3 + 2]!];
        expect(z).toBe(20);
        corners.push(`${x},${y}:${mesh.uvs[i * 2]},${mesh.uvs[i * 2 + 1]}`);
      }
    }
    // Texture top-left (uv 0,0) at the top-left corner seen from the front.
    expect(corners).toContain('-40,110:0,0');
    expect(corners).toContain('40,0:1,1');
  });

  it('puts a bottle label on the straight part of the body only', () => {
    const mesh = buildShape({ kind: 'bottle', diameter: 70, height: 240 });
    const wrap = slotIndex('wrap');
    let ys: number[] = [];
    for (let t = 0; t < triangleCount(mesh); t++) {
      if (mesh.slots[t] !== wrap) continue;
      for (let k = 0; k < 3; k++) {
        const i = mesh.indices[t * 3 + k]! * 3;
        expect(Math.hypot(mesh.positions[i]!, mesh.positions[i + 2]!)).toBeCloseTo(35, 3);
        ys.push(mesh.positions[i + 1]!);
      }
    }
    ys = ys.sort((a, b) => a - b);
    expect(ys[0]!).toBeGreaterThan(0);
    expect(ys[ys.length - 1]!).toBeLessThan(240 * 0.75);
    expect(meshBounds(mesh).max[1]).toBeCloseTo(240, 6);
  });

  it('flattens a tube towards its crimped end', () => {
    const mesh = buildShape({ kind: 'tube', diameter: 40, length: 170 });
    const { min, max } = meshBounds(mesh);
    expect(max[1]).toBeCloseTo(170, 6);
    // Wider than round across, much thinner front to back at the top.
    expect(max[0] - min[0]).toBeGreaterThan(40 * 1.4);
    let topDepth = 0;
    for (let i = 0; i < mesh.positions.length; i += 3) {
      if (mesh.positions[i + 1]! > 165) topDepth = Math.max(topDepth, Math.abs(mesh.positions[i + 2]!));
    }
    expect(topDepth).toBeLessThan(4);
  });

  it('makes a cup wider at the rim than at the base, open at the top', () => {
    const mesh = buildShape({ kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 110 });
    const { min, max } = meshBounds(mesh);
    expect(max[0] - min[0]).toBeGreaterThan(90);
    // The inside is drawn: some triangles belong to the inner wall.
    expect(Array.from(mesh.slots).filter((s) => s === slotIndex('inner')).length).toBeGreaterThan(0);
  });
});

describe('parts of each kind of pack', () => {
  it("keeps every bottle kind's label band exactly where the plain bottle has it", () => {
    for (const [d, h] of [
      [76, 300],
      [61, 230],
      [32, 95],
      [55, 170],
      [40, 120],
    ] as const) {
      const plain = buildShape({ kind: 'bottle', diameter: d, height: h });
      const want = partBounds(plain, 'wrap')!;
      for (const style of BOTTLE_STYLES) {
        const got = partBounds(bottle(style, d, h), 'wrap');
        expect(got, style).toBeDefined();
        expect([got!.min[1], got!.max[1]], `${style} ${d}×${h}`).toEqual([want.min[1], want.max[1]]);
        expect(slotExtent(bottle(style, d, h), 'wrap')!.radius).toBeCloseTo(d / 2, 4);
        // Overall height is the catalogue's: the framing, and so the label's size on screen, stays.
        expect(meshBounds(bottle(style, d, h)).max[1], style).toBeCloseTo(h, 4);
      }
    }
  });

  it('gives a dropper bottle a collar on the neck and a tall rubber bulb above it', () => {
    const mesh = bottle('dropper', 32, 95);
    const collar = partBounds(mesh, 'collar')!;
    const bulb = partBounds(mesh, 'bulb')!;
    expect(collar).toBeDefined();
    expect(bulb).toBeDefined();
    expect(bulb.min[1]).toBeGreaterThanOrEqual(collar.max[1] - 0.01);
    expect(bulb.max[1]).toBeCloseTo(95, 4);
    // Taller than wide, narrower than the collar, and the collar narrower than the body.
    expect(bulb.max[1] - bulb.min[1]).toBeGreaterThan(bulb.max[0] - bulb.min[0]);
    expect(bulb.max[0]).toBeLessThan(collar.max[0]);
    expect(collar.max[0]).toBeLessThan(16);
  });

  it('gives a pump bottle a collar, a head and a nozzle pointing sideways', () => {
    const mesh = bottle('pump', 55, 170);
    const collar = partBounds(mesh, 'collar')!;
    const nozzle = partBounds(mesh, 'nozzle')!;
    const head = partBounds(mesh, 'cap')!;
    expect(nozzle.min[1]).toBeGreaterThan(collar.max[1]);
    // The nozzle reaches past the head's side, level, not up or forward.
    expect(nozzle.min[0]).toBeLessThan(head.min[0] - 10);
    expect(nozzle.max[1] - nozzle.min[1]).toBeLessThan(12);
    expect(Math.abs(nozzle.max[2] + nozzle.min[2])).toBeLessThan(0.5);
  });

  it('gives a spray bottle a trigger sprayer: shroud, nozzle out to the side and a trigger under it', () => {
    const mesh = bottle('spray', 40, 120);
    const nozzle = partBounds(mesh, 'nozzle')!;
    const trigger = partBounds(mesh, 'trigger')!;
    const collar = partBounds(mesh, 'collar')!;
    expect(nozzle.min[0]).toBeLessThan(-20);
    expect(trigger.max[1]).toBeLessThan(nozzle.min[1]);
    expect(trigger.min[1]).toBeGreaterThan(collar.min[1]);
    expect(trigger.max[0]).toBeLessThan(0);
  });

  it('closes wine with a capsule, beer with a crown, spirits with a cork, water with a sports cap', () => {
    const wine = partBounds(bottle('wine', 76, 300), 'capsule')!;
    expect(wine.max[1]).toBeCloseTo(300, 4);
    expect(wine.max[1] - wine.min[1]).toBeGreaterThan(30);
    const crown = partBounds(bottle('beer', 61, 230), 'metal')!;
    expect(crown.max[1] - crown.min[1]).toBeLessThan(10);
    const cork = partBounds(bottle('spirits', 85, 280), 'cork')!;
    expect(cork.max[0] - cork.min[0]).toBeGreaterThan(85 * 0.4);
    const water = bottle('water', 65, 205);
    expect(partBounds(water, 'nozzle')!.min[1]).toBeGreaterThan(partBounds(water, 'cap')!.max[1] - 0.01);
  });

  it('shapes wine, beer, spirits, juice necks differently', () => {
    /** Widest radius of the body slot (glass above the label) between two heights. */
    const radiusAt = (mesh: Mesh, y: number): number => {
      let r = 0;
      for (let i = 0; i < mesh.positions.length; i += 3) {
        if (Math.abs(mesh.positions[i + 1]! - y) < 1.2) r = Math.max(r, Math.hypot(mesh.positions[i]!, mesh.positions[i + 2]!));
      }
      return r;
    };
    // Wine: long neck, sloping shoulder; at 85 % of the height it is neck-thin.
    expect(radiusAt(bottle('wine', 76, 300), 255) / 38).toBeLessThan(0.45);
    // Spirits: broad shoulder, still full width at 75 % of the height.
    expect(radiusAt(bottle('spirits', 85, 280), 280 * 0.74) / 42.5).toBeGreaterThan(0.95);
    // Juice: a wide mouth.
    expect(radiusAt(bottle('juice', 70, 190), 190 * 0.88) / 35).toBeGreaterThan(0.6);
    // Beer: the neck bulges above its narrowest point.
    const beer = bottle('beer', 61, 230);
    expect(radiusAt(beer, 230 * 0.835)).toBeGreaterThan(radiusAt(beer, 230 * 0.765) + 1);
  });

  it('crimps a tube flat at the end and closes it with a cap: ribbed screw cap or flip-top', () => {
    const flip = buildShape({ kind: 'tube', diameter: 35, length: 150, cap: 'flip' });
    const crimp = partBounds(flip, 'crimp')!;
    expect(crimp.min[1]).toBeGreaterThan(150 * 0.9);
    expect(crimp.max[2] - crimp.min[2]).toBeLessThan(2.5);
    expect(crimp.max[0] - crimp.min[0]).toBeGreaterThan(35 * 1.5);
    expect(partBounds(flip, 'cap')!.min[1]).toBeCloseTo(0, 6);
    expect(partBounds(flip, 'collar')).toBeDefined();
    expect(partBounds(buildShape({ kind: 'tube', diameter: 40, length: 190, cap: 'screw' }), 'collar')).toBeUndefined();
  });

  it('seals a pouch: crimped bands at the top and sides, a tear notch and a zipper line', () => {
    const width = 130;
    const mesh = buildShape({ kind: 'pouch', width, height: 210, seals: { side: 8, top: 10, notchFromTop: 15, zipperFromTop: 25, zipperHeight: 8 } });
    const seal = partBounds(mesh, 'seal')!;
    expect(seal.min[0]).toBeCloseTo(-width / 2, 4);
    expect(seal.max[0]).toBeCloseTo(width / 2, 4);
    expect(seal.max[1]).toBeCloseTo(210, 4);
    const zipper = partBounds(mesh, 'zipper')!;
    expect(zipper.max[0] - zipper.min[0]).toBeGreaterThan(width - 2 * 8 - 1);
    expect(zipper.max[1]).toBeLessThanOrEqual(210 - 25 + 0.01);
    expect(zipper.min[1]).toBeGreaterThan(210 - 25 - 8 - 1);
    // The notch: at its height the outline is pulled in from the edge, elsewhere it is not.
    const edgeAt = (y: number): number => {
      let x = 0;
      for (let i = 0; i < mesh.positions.length; i += 3) if (Math.abs(mesh.positions[i + 1]! - y) < 0.01) x = Math.max(x, mesh.positions[i]!);
      return x;
    };
    expect(edgeAt(210 - 15)).toBeLessThan(width / 2 - 2);
    expect(edgeAt(210 - 15 + 1.5)).toBeCloseTo(width / 2, 4);
    // No seals on paper: a pillow box has none.
    expect(partBounds(buildShape({ kind: 'pouch', width: 80, height: 120, depth: 25, profile: 'pillow' }), 'seal')).toBeUndefined();
  });

  it("puts lids on cups and tubs, above the rim, and a straw through a cold cup's dome", () => {
    for (const lid of ['hot', 'dome', 'flat', 'snap'] as const) {
      const mesh = buildShape({ kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 110, lid });
      const part = partBounds(mesh, 'lid');
      expect(part, lid).toBeDefined();
      expect(part!.max[1], lid).toBeGreaterThan(110 + 2);
      // The skirt reaches over the rolled rim.
      expect(part!.max[0], lid).toBeGreaterThan(45);
    }
    const hot = partBounds(buildShape({ kind: 'cup', topDiameter: 80, bottomDiameter: 56, height: 92, lid: 'hot' }), 'lid')!;
    const dome = partBounds(buildShape({ kind: 'cup', topDiameter: 80, bottomDiameter: 56, height: 92, lid: 'dome' }), 'lid')!;
    expect(dome.max[1]).toBeGreaterThan(hot.max[1] + 10);
    const cold = buildShape({ kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 135, lid: 'dome', straw: true });
    expect(partBounds(cold, 'straw')!.max[1]).toBeGreaterThan(partBounds(cold, 'lid')!.max[1] + 20);
    expect(partBounds(buildShape({ kind: 'cup', topDiameter: 150, bottomDiameter: 120, height: 70 }), 'lid')).toBeUndefined();
  });

  it("opens bag and tray tops, adds handles, narrows a film bag to its seal and shows a rigid lid's edge", () => {
    const open = buildShape({ kind: 'box', width: 250, height: 320, depth: 100, top: 'open', handles: true });
    expect(partBounds(open, 'top')).toBeUndefined();
    expect(partBounds(open, 'inner')!.min[1]).toBeLessThan(5);
    expect(partBounds(open, 'handle')!.max[1]).toBeGreaterThan(320 + 50);
    const sealed = buildShape({ kind: 'box', width: 120, height: 230, depth: 70, top: 'sealed', seal: { height: 10, taper: 14, zipperFromTop: 25 } });
    const seal = partBounds(sealed, 'seal')!;
    expect(seal.min[1]).toBeCloseTo(220, 4);
    expect(seal.max[2] - seal.min[2]).toBeLessThan(2);
    expect(partBounds(sealed, 'zipper')).toBeDefined();
    const taped = partBounds(buildShape({ kind: 'box', width: 300, height: 200, depth: 200, tape: true }), 'tape')!;
    expect(taped.min[1]).toBeGreaterThan(200);
    expect(taped.max[0] - taped.min[0]).toBeCloseTo(300, 4);
    const rigid = buildShape({ kind: 'box', width: 200, height: 80, depth: 150, lidDepth: 30 });
    expect(partBounds(rigid, 'lid')!.min[2]).toBeCloseTo(75 - 30, 4);
  });
});
