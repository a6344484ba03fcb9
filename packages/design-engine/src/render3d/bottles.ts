import { capPieces, cosineEase, disc, fillet, latheMesh, quarterEllipse, type LathePiece, type ProfilePoint } from './lathe.js';
import type { Mesh } from './mesh.js';
import { extrude, flute, merge, sweep } from './primitives.js';

/*
 * Bottles by kind. Every kind keeps the generic bottle's label band (the 'wrap' slot: same
 * radius, same heights, computed by labelBand), so the artwork sits exactly where it always
 * did; what differs is everything above it (shoulder, neck, finish, closure) and the closure's
 * parts, each in a slot of its own so the packshot can give it its material.
 */

export const BOTTLE_STYLES = ['wine', 'beer', 'spirits', 'water', 'juice', 'dropper', 'pump', 'spray', 'shampoo'] as const;
export type BottleStyle = (typeof BOTTLE_STYLES)[number];

export interface LabelBand {
  readonly r: number;
  /** Neck radius of the generic bottle. */
  readonly rn: number;
  readonly labelBottom: number;
  readonly labelTop: number;
  /** Radius of the rounded bottom edge. */
  readonly round: number;
}

/** Where the generic bottle puts its label: the straight body below the shoulder. */
export function labelBand(diameter: number, height: number, neckDiameter?: number): LabelBand {
  const r = diameter / 2;
  const rn = (neckDiameter ?? Math.max(diameter * 0.3, 18)) / 2;
  const capH = Math.min(height * 0.12, rn * 2.4);
  const neckTop = height - capH * 0.85;
  const shoulderTop = neckTop - Math.min(height * 0.1, rn * 2.2);
  const shoulderBottom = shoulderTop - Math.min(height * 0.22, r * 1.6);
  return {
    r,
    rn,
    labelBottom: Math.max(height * 0.08, 6),
    labelTop: shoulderBottom - Math.max(height * 0.03, 3),
    round: Math.min(r * 0.15, 6),
  };
}

/** Base, lower body and label band, shared by every kind. */
function lowerBody({ r, labelBottom, labelTop, round }: LabelBand): LathePiece[] {
  return [
    disc(r - round, 0, false, 'body'),
    { points: fillet({ r: r - round, y: 0 }, { r, y: round }, 5, 'r-first'), slot: 'body', mapping: 'wrap' },
    {
      points: [
        { r, y: round },
        { r, y: labelBottom },
      ],
      slot: 'body',
      mapping: 'wrap',
    },
    {
      points: [
        { r, y: labelBottom },
        { r, y: labelTop },
      ],
      slot: 'wrap',
      mapping: 'wrap',
    },
  ];
}

/** Glass or plastic above the label, from the label's top edge up. */
const upper = (band: LabelBand, points: readonly ProfilePoint[]): LathePiece => ({
  points: [{ r: band.r, y: band.labelTop }, ...points],
  slot: 'body',
  mapping: 'wrap',
});

export function styledBottleMesh(style: BottleStyle, diameter: number, height: number): Mesh {
  const band = labelBand(diameter, height);
  switch (style) {
    case 'wine':
      return wine(band, height);
    case 'beer':
      return beer(band, height);
    case 'spirits':
      return spirits(band, height);
    case 'water':
      return water(band, height);
    case 'juice':
      return juice(band, height);
    case 'dropper':
      return dropper(band, height);
    case 'pump':
      return pump(band, height);
    case 'spray':
      return spray(band, height);
    case 'shampoo':
      return shampoo(band, height);
  }
}

/** Tall, sloping (Burgundy) shoulders into a long neck; a foil capsule over the cork. */
function wine(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.38;
  const ys = Math.max(labelTop + 5, h * 0.62);
  const yn = h * 0.8;
  const yc = h * 0.86;
  const glass = upper(band, [{ r, y: ys }, ...cosineEase(r, ys, rn, yn, 20).slice(1), { r: rn, y: yc + 2 }]);
  const rc = rn + 0.7;
  const capsule: LathePiece = {
    points: [
      { r: rn, y: yc },
      { r: rc, y: yc },
      { r: rc, y: h - 5.5 },
      { r: rc + 0.9, y: h - 5 },
      { r: rc + 0.9, y: h - 1.6 },
      ...fillet({ r: rc + 0.9, y: h - 1.6 }, { r: rc - 0.7, y: h }, 3, 'y-first').slice(1),
    ],
    slot: 'capsule',
    mapping: 'wrap',
  };
  return latheMesh([...lowerBody(band), glass, capsule, disc(rc - 0.7, h, true, 'capsule')]);
}

/** Long-neck beer: round shoulder, a bulge in the neck, a lip ring and a fluted crown cap. */
function beer(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.4;
  const ys = Math.max(labelTop + 5, h * 0.6);
  const yn = h * 0.74;
  const bulge: ProfilePoint[] = [];
  // The neck swells by 12 % about a third of the way up, as long-necks do.
  for (let i = 0; i <= 10; i++) {
    const t = i / 10;
    bulge.push({ r: rn * (1 + 0.12 * Math.sin(Math.PI * t)), y: h * 0.77 + (h * 0.9 - h * 0.77) * t });
  }
  const crownR = rn * 1.3;
  const yCrown = h - 7.5;
  const glass = upper(band, [
    { r, y: ys },
    ...cosineEase(r, ys, rn, yn, 16).slice(1),
    ...bulge,
    { r: rn, y: yCrown - 3 },
    { r: rn * 1.14, y: yCrown - 2.4 },
    { r: rn * 1.14, y: yCrown - 0.6 },
    { r: rn * 1.05, y: yCrown },
  ]);
  const crown = latheMesh(
    [
      {
        points: [
          { r: rn * 1.05, y: yCrown },
          { r: crownR, y: yCrown + 0.6 },
          { r: crownR, y: h - 2 },
          ...fillet({ r: crownR, y: h - 2 }, { r: crownR - 2, y: h }, 3, 'y-first').slice(1),
        ],
        slot: 'metal',
        mapping: 'wrap',
      },
      disc(crownR - 2, h, true, 'metal'),
    ],
    126,
  );
  return merge(latheMesh([...lowerBody(band), glass]), flute(crown, 21, 0.045, yCrown, h - 1.5));
}

/** Spirits: broad, almost flat shoulders, a short neck and a large bar-top cork. */
function spirits(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.33;
  const ys = Math.max(labelTop + 6, h * 0.74);
  const yn = ys + (r - rn) * 0.7;
  const yLip = h * 0.885;
  // Filled to the shoulder: the spirit below, empty clear glass above.
  const filled = upper(band, [{ r, y: ys }]);
  const glass: LathePiece = {
    points: [
      { r, y: ys },
      ...quarterEllipse(r, ys, rn, yn, 14).slice(1),
      { r: rn, y: yLip - 2 },
      { r: rn * 1.16, y: yLip - 1.2 },
      { r: rn * 1.16, y: yLip },
      { r: rn * 0.9, y: yLip },
    ],
    slot: 'glass',
    mapping: 'wrap',
  };
  const head = capPieces(rn * 1.45, yLip, h, 3, 'cork');
  return merge(latheMesh([...lowerBody(band), filled, glass]), latheMesh(head));
}

/** PET water: grip ribs, a long tapered shoulder, a neck flange and a sports cap with a pull spout. */
function water(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.385;
  const ribs: ProfilePoint[] = [];
  const ribH = Math.min(24, r * 0.75);
  for (let i = 1; i <= 36; i++) {
    const t = i / 36;
    ribs.push({ r: r - 1.4 * Math.sin(Math.PI * 3 * t) ** 2, y: labelTop + 2 + ribH * t });
  }
  const ys = labelTop + ribH + 4;
  const yn = h * 0.86;
  const glass = upper(band, [
    { r, y: labelTop + 2 },
    ...ribs,
    { r, y: ys },
    ...cosineEase(r, ys, rn, yn, 18).slice(1),
    { r: rn, y: yn + 3 },
    { r: rn * 1.4, y: yn + 3.4 },
    { r: rn * 1.4, y: yn + 4.6 },
    { r: rn, y: yn + 5 },
    { r: rn, y: yn + 7 },
  ]);
  const capR = rn * 1.2;
  const yCap = h - 8;
  const spoutR = rn * 0.62;
  const cap = flute(latheMesh(capPieces(capR, yn + 6.5, yCap, 1.2, 'cap'), 120), 30, 0.025, yn + 7, yCap - 1.5);
  const spout = latheMesh([
    disc(spoutR * 1.2, yCap, false, 'nozzle'),
    {
      points: [
        { r: spoutR * 1.2, y: yCap },
        { r: spoutR * 1.2, y: yCap + 2 },
        { r: spoutR, y: yCap + 2.4 },
        { r: spoutR, y: h - 3 },
        ...quarterEllipse(spoutR, h - 3, spoutR * 0.45, h, 5).slice(1),
      ],
      slot: 'nozzle',
      mapping: 'wrap',
    },
    disc(spoutR * 0.45, h, true, 'nozzle'),
  ]);
  return merge(latheMesh([...lowerBody(band), glass]), cap, spout);
}

/** Juice: a wide mouth on a short neck, a tall ribbed screw cap. */
function juice(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.6;
  const ys = Math.max(labelTop + 6, h * 0.72);
  const yn = h * 0.86;
  const glass = upper(band, [
    { r, y: ys },
    ...cosineEase(r, ys, rn, yn, 16).slice(1),
    { r: rn, y: yn + 2.5 },
    { r: rn * 1.1, y: yn + 3 },
    { r: rn * 1.1, y: yn + 4.5 },
    { r: rn, y: yn + 5 },
  ]);
  const cap = flute(latheMesh(capPieces(rn * 1.08, yn + 4.5, h, 2, 'cap'), 144), 72, 0.008, yn + 5, h - 2);
  return merge(latheMesh([...lowerBody(band), glass]), cap);
}

/** Serum dropper: round-shouldered glass, a knurled collar and a tall rubber bulb. */
function dropper(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.47;
  const ys = labelTop + 4;
  const yn = ys + (r - rn) * 0.8;
  const glass = upper(band, [{ r, y: ys }, ...quarterEllipse(r, ys, rn, yn, 12).slice(1), { r: rn, y: yn + 2 }]);
  const rc = rn * 1.55;
  const yc = yn + Math.max(8, (h - yn) * 0.34);
  const collar = flute(latheMesh(capPieces(rc, yn + 1, yc, 1.2, 'collar'), 120), 40, 0.018, yn + 1.5, yc - 1.2);
  const rb = rn * 1.02;
  const bulb = latheMesh([
    disc(rn * 1.18, yc, false, 'bulb'),
    {
      points: [
        { r: rn * 1.18, y: yc },
        { r: rn * 1.18, y: yc + 1.6 },
        { r: rn * 0.86, y: yc + 2 },
        { r: rn * 0.86, y: yc + 3.2 },
        { r: rb, y: yc + 5.5 },
        { r: rb, y: h - rb },
        ...quarterEllipse(rb, h - rb, 0, h, 8).slice(1),
      ],
      slot: 'bulb',
      mapping: 'wrap',
    },
  ]);
  return merge(latheMesh([...lowerBody(band), glass]), collar, bulb);
}

/** Lotion pump: ribbed collar, stem, round actuator and a nozzle pointing sideways. */
function pump(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.44;
  const ys = Math.max(labelTop + 6, h * 0.74);
  const yn = ys + (r - rn) * 0.65;
  const glass = upper(band, [{ r, y: ys }, ...quarterEllipse(r, ys, rn, yn, 12).slice(1), { r: rn, y: yn + 2 }]);
  const rc = rn * 1.22;
  const yCollar = yn + Math.max(6, (h - yn) * 0.3);
  const headR = rn * 0.95;
  const headH = Math.max(8, (h - yn) * 0.38);
  const yHead = h - headH;
  const collar = flute(latheMesh(capPieces(rc, yn + 1, yCollar, 1.5, 'collar'), 120), 36, 0.02, yn + 1.5, yCollar - 1.5);
  const stem = latheMesh([
    {
      points: [
        { r: rn * 0.32, y: yCollar - 1 },
        { r: rn * 0.32, y: yHead + 1 },
      ],
      slot: 'cap',
      mapping: 'wrap',
    },
  ]);
  const head = latheMesh(capPieces(headR, yHead, h, 2.5, 'cap'));
  const ny = yHead + headH * 0.45;
  const nr = headH * 0.24;
  const nozzle = sweep(
    [
      [-headR * 0.5, ny, 0],
      [-headR - rn * 1.1, ny, 0],
      [-headR - rn * 1.5, ny - nr * 0.5, 0],
    ],
    nr,
    'nozzle',
  );
  return merge(latheMesh([...lowerBody(band), glass]), collar, stem, head, nozzle);
}

/** Trigger sprayer: screw collar, a shroud with the nozzle arm to the side and a trigger below it. */
function spray(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.45;
  const ys = labelTop + 5;
  const yn = ys + (r - rn) * 0.55;
  const glass = upper(band, [{ r, y: ys }, ...quarterEllipse(r, ys, rn, yn, 10).slice(1), { r: rn, y: yn + 3 }]);
  const y0 = yn + Math.max(6, (h - yn) * 0.24);
  const collar = flute(latheMesh(capPieces(rn * 1.35, yn + 2, y0 + 0.5, 1, 'collar'), 120), 30, 0.025, yn + 2.5, y0 - 0.5);
  // Side view of the head in units of its height, nozzle towards -X. The shroud's top is a flat
  // edge, so rounding its corners keeps the bottle's full height.
  const H = h - y0;
  const at = (pts: readonly (readonly [number, number])[]): [number, number][] => pts.map(([x, y]) => [x * H, y0 + y * H]);
  const round = { smooth: 1, bevel: 0.1 * H };
  // Shroud over the neck, the hood running on from its top down to the nozzle, and the trigger
  // hanging under the hood: three convex mouldings that read as one head.
  const shroud = extrude(
    at([
      [-0.22, 0],
      [0.26, 0],
      [0.32, 0.45],
      [0.3, 0.8],
      [0.2, 0.97],
      [0.08, 1],
      [-0.15, 1],
      [-0.24, 0.9],
      [-0.27, 0.45],
    ]),
    -0.28 * H,
    0.28 * H,
    'cap',
    round,
  );
  const arm = extrude(
    at([
      [-0.12, 0.6],
      [-0.02, 1],
      [-0.3, 0.98],
      [-0.55, 0.9],
      [-0.66, 0.84],
      [-0.66, 0.76],
      [-0.58, 0.7],
    ]),
    -0.2 * H,
    0.2 * H,
    'cap',
    round,
  );
  const trigger = extrude(
    at([
      [-0.52, 0.71],
      [-0.5, 0.45],
      [-0.46, 0.25],
      [-0.4, 0.22],
      [-0.36, 0.32],
      [-0.34, 0.64],
    ]),
    -0.09 * H,
    0.09 * H,
    'trigger',
    { smooth: 1 },
  );
  const nozzle = sweep(
    [
      [-0.64 * H, y0 + 0.8 * H, 0],
      [-0.73 * H, y0 + 0.8 * H, 0],
    ],
    0.06 * H,
    'nozzle',
  );
  return merge(latheMesh([...lowerBody(band), glass]), collar, shroud, arm, trigger, nozzle);
}

/** Shampoo: short rounded shoulder under a wide flip-top cap with its parting line and thumb tab. */
function shampoo(band: LabelBand, h: number): Mesh {
  const { r, labelTop } = band;
  const rn = r * 0.55;
  const ys = Math.max(labelTop + 6, h * 0.8);
  const yn = ys + (r - rn) * 0.5;
  const glass = upper(band, [{ r, y: ys }, ...quarterEllipse(r, ys, rn, yn, 10).slice(1), { r: rn, y: yn + 1 }]);
  const rc = r * 0.66;
  const yPart = h - (h - yn) * 0.3;
  const cap = latheMesh([
    disc(rc, yn, false, 'cap'),
    {
      points: [
        { r: rc, y: yn },
        { r: rc, y: yPart },
        { r: rc * 0.975, y: yPart },
      ],
      slot: 'cap',
      mapping: 'wrap',
    },
    {
      points: [
        { r: rc * 0.975, y: yPart },
        { r: rc * 0.975, y: yPart + 0.9 },
      ],
      slot: 'collar',
      mapping: 'wrap',
    },
    {
      points: [
        { r: rc * 0.975, y: yPart + 0.9 },
        { r: rc, y: yPart + 0.9 },
        { r: rc, y: h - 3 },
        ...fillet({ r: rc, y: h - 3 }, { r: rc - 3, y: h }, 4, 'y-first').slice(1),
      ],
      slot: 'cap',
      mapping: 'wrap',
    },
    disc(rc - 3, h, true, 'cap'),
  ]);
  const tab = extrude(
    [
      [-rc * 0.22, yPart - 1],
      [rc * 0.22, yPart - 1],
      [rc * 0.2, yPart + 2.2],
      [-rc * 0.2, yPart + 2.2],
    ],
    rc - 2,
    rc + 1.6,
    'cap',
  );
  return merge(latheMesh([...lowerBody(band), glass]), cap, tab);
}
