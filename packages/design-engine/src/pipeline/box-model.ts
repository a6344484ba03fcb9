/**
 * Box id → everything the pipeline needs to dress that box: its dieline, which artwork goes
 * where on the flat sheet, and how the 3D shape's textures are cut from the same artwork.
 * One model per box id, built once and cached: it depends on the catalogue only.
 */
import { boxById, NO_BOX_ID, type BoxId, type BoxType } from '@packsmith/contracts';
import { renderDieline } from '../dieline/registry.js';
import type { StripSlice } from '../artwork/imagery.js';
import type { Dieline, Panel, PanelRole, PathMm, PointMm, RectMm, Rotation } from '../dieline/types.js';
import type { MaterialType } from '../render3d/materials.js';
import type { PackshotCamera } from '../render3d/packshot.js';
import { slotExtent } from '../render3d/mesh.js';
import { buildShape, type BottleStyle, type BoxShape, type CupShape, type PouchShape, type ShapeSpec, type TubeShape } from '../render3d/shapes.js';

/** The panel kinds the artwork engine draws. */
export type ArtRole = 'front' | 'back' | 'side' | 'top' | 'bottom';

/** One piece of artwork of a design: a role at an upright size in mm. */
export interface ArtSpec {
  readonly key: string;
  readonly role: ArtRole;
  readonly widthMm: number;
  readonly heightMm: number;
  /** Set for the slices of a band round a body: a backdrop image runs on across them. */
  readonly strip?: StripSlice;
}

/**
 * Where a piece of artwork goes on the flat sheet.
 * - `rect`: upright artwork turned by `rotation` (clockwise) to fill `rect`, clipped to `clip`.
 * - `fan`: artwork bent round an apex (a cup wall): x runs clockwise from `phiStart` to
 *   `phiEnd` (radians from straight up), y runs inwards from `rOuter` to `rInner`.
 */
export type SheetRegion =
  | { readonly kind: 'rect'; readonly art: ArtSpec; readonly rect: RectMm; readonly rotation: Rotation; readonly clip?: PathMm }
  | {
      readonly kind: 'fan';
      readonly art: ArtSpec;
      readonly apex: PointMm;
      readonly rOuter: number;
      readonly rInner: number;
      readonly phiStart: number;
      readonly phiEnd: number;
      /** Bleed the artwork past the start / end of the fan (the sheet's outline is there). */
      readonly bleedStart: boolean;
      readonly bleedEnd: boolean;
    };

/** One layer of a 3D face texture, in the face canvas's mm. */
export interface FaceLayer {
  /** Artwork, the design's background colour, or the shaded inside of an open box. */
  readonly source: ArtSpec | 'fill' | 'inside';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly rotation: Rotation;
  /** Round the layer's corners (separate labels on bottles). */
  readonly cornerRadius?: number;
}

/** A texture of the 3D shape; transparent where no layer covers it (the body shows there). */
export interface FaceCanvas {
  readonly widthMm: number;
  readonly heightMm: number;
  readonly layers: readonly FaceLayer[];
}

export type FaceName = 'front' | 'back' | 'left' | 'right' | 'top' | 'bottom' | 'wrap';

export interface BoxModel {
  readonly box: BoxType;
  readonly dieline: Dieline;
  readonly shape: ShapeSpec;
  readonly material: MaterialType;
  readonly camera: PackshotCamera;
  /** Every distinct piece of artwork a design of this box needs. */
  readonly arts: readonly ArtSpec[];
  /** The principal display face: the flat front panel output. */
  readonly front: ArtSpec;
  readonly regions: readonly SheetRegion[];
  /** Panels no region covers (flaps, tucks, seals): printed in the background colour. */
  readonly plainPanels: readonly Panel[];
  readonly faces: Readonly<Partial<Record<FaceName, FaceCanvas>>>;
  /** Largest extent of the product on screen, mm: sets the texture resolution. */
  readonly extentMm: number;
}

/** Raised for a box id that is not in the catalogue. */
export class UnknownBoxError extends Error {}

/** The box used when none is chosen: the reverse tuck end carton. */
export const DEFAULT_BOX_ID: BoxId = 101;

const STRUCTURAL: ReadonlySet<PanelRole> = new Set<PanelRole>([
  'inner-wall', 'tuck', 'dust-flap', 'end-flap', 'glue-flap', 'lock-flap', 'ear', 'turn-in', 'overlap', 'seal',
]);

const ART_ROLE: Readonly<Record<PanelRole, ArtRole | null>> = {
  front: 'front', back: 'back', left: 'side', right: 'side', top: 'top', bottom: 'bottom', lid: 'top', wall: 'side',
  label: 'top', gusset: 'bottom',
  'inner-wall': null, tuck: null, 'dust-flap': null, 'end-flap': null, 'glue-flap': null, 'lock-flap': null, ear: null,
  'turn-in': null, overlap: null, seal: null,
};

const round2 = (n: number) => Math.round(n * 100) / 100;

function art(role: ArtRole, widthMm: number, heightMm: number, strip?: StripSlice): ArtSpec {
  const w = round2(widthMm);
  const h = round2(heightMm);
  return { key: `${role}@${w}x${h}`, role, widthMm: w, heightMm: h, ...(strip ? { strip } : {}) };
}

/** The three slices of a band of `width` mm: side design | front | back copy. */
function thirds(width: number, height: number): [ArtSpec, ArtSpec, ArtSpec] {
  const w = width / 3;
  const slice = (i: number): StripSlice => ({ offsetMm: round2(i * w), widthMm: round2(width) });
  return [art('side', w, height, slice(0)), art('front', w, height, slice(1)), art('back', w, height, slice(2))];
}

const quarter = (r: Rotation) => r === 90 || r === 270;

/** Upright size of a flat panel's artwork (the sheet size turned back by its rotation). */
function uprightSize(p: Panel): { w: number; h: number } {
  if (p.face.width !== p.bounds.width || p.face.height !== p.bounds.height) return { w: p.face.width, h: p.face.height };
  return quarter(p.artworkRotation) ? { w: p.bounds.height, h: p.bounds.width } : { w: p.bounds.width, h: p.bounds.height };
}

function panelArt(p: Panel): ArtSpec {
  const role = ART_ROLE[p.role];
  if (!role) throw new Error(`panel ${p.id} carries no artwork`);
  const { w, h } = uprightSize(p);
  return art(role, w, h);
}

function rectRegion(p: Panel, a: ArtSpec = panelArt(p)): SheetRegion {
  const isRect = p.shape.segments.length === 4 && p.shape.segments.every((s) => s.kind === 'line');
  return { kind: 'rect', art: a, rect: p.bounds, rotation: p.artworkRotation, clip: isRect ? undefined : p.shape };
}

const layer = (source: FaceLayer['source'], x: number, y: number, w: number, h: number, rotation: Rotation = 0, cornerRadius?: number): FaceLayer =>
  ({ source, x, y, w, h, rotation, cornerRadius });

const canvas = (widthMm: number, heightMm: number, layers: FaceLayer[]): FaceCanvas => ({ widthMm, heightMm, layers });

/** A face filled by one piece of artwork, turned by `rotation` first. */
function faceOf(a: ArtSpec, rotation: Rotation = 0): FaceCanvas {
  const w = quarter(rotation) ? a.heightMm : a.widthMm;
  const h = quarter(rotation) ? a.widthMm : a.heightMm;
  return canvas(w, h, [layer(a, 0, 0, w, h, rotation)]);
}

class Panels {
  constructor(readonly dieline: Dieline) {}
  byId(id: string): Panel | undefined {
    return this.dieline.panels.find((p) => p.id === id);
  }
  get(id: string): Panel {
    const p = this.byId(id);
    if (!p) throw new Error(`${this.dieline.family} dieline has no panel ${id}`);
    return p;
  }
  withRole(role: PanelRole): Panel[] {
    return this.dieline.panels.filter((p) => p.role === role).sort((a, b) => a.bounds.x - b.bounds.x || a.bounds.y - b.bounds.y);
  }
  one(role: PanelRole): Panel | undefined {
    return this.withRole(role)[0];
  }
  /** The principal display face (exactly one per dieline). */
  front(): Panel {
    const p = this.one('front');
    if (!p) throw new Error(`${this.dieline.family} dieline has no front panel`);
    return p;
  }
}

interface Parts {
  shape: ShapeSpec;
  regions: SheetRegion[];
  faces: Partial<Record<FaceName, FaceCanvas>>;
  front: ArtSpec;
  extentMm: number;
}

/** Catalogue id → the box model (0 = the default box). Throws UnknownBoxError otherwise. */
export function boxModel(boxId: number): BoxModel {
  const id = boxId === NO_BOX_ID ? DEFAULT_BOX_ID : boxId;
  const cached = cache.get(id);
  if (cached) return cached;
  const box = boxById(id);
  if (!box) {
    throw new UnknownBoxError(`Unknown box type ${boxId}: use a box id from the catalogue (for example 101, the reverse tuck end box), or 0 for the default box.`);
  }
  const dieline = renderDieline(box.id);
  const parts = modelParts(box, dieline);
  const covered = new Set<string>();
  for (const r of parts.regions) for (const p of panelsUnder(dieline, r)) covered.add(p.id);
  const plainPanels = dieline.panels.filter((p) => !covered.has(p.id));
  const arts = new Map<string, ArtSpec>();
  for (const r of parts.regions) arts.set(r.art.key, r.art);
  for (const f of Object.values(parts.faces)) for (const l of f.layers) if (typeof l.source !== 'string') arts.set(l.source.key, l.source);
  arts.set(parts.front.key, parts.front);
  const model: BoxModel = {
    box,
    dieline,
    shape: parts.shape,
    material: box.material,
    camera: cameraFor(parts.shape),
    arts: [...arts.values()],
    front: parts.front,
    regions: parts.regions,
    plainPanels,
    faces: parts.faces,
    extentMm: parts.extentMm,
  };
  cache.set(id, model);
  return model;
}

const cache = new Map<number, BoxModel>();

/**
 * Width ÷ height a backdrop image for this box should have: a band round a body takes the whole
 * band (the image runs on round it), any other box its front panel.
 */
export function backdropAspect(boxId: number): number {
  const front = boxModel(boxId).front;
  return (front.strip?.widthMm ?? front.widthMm) / front.heightMm;
}

/** The panels a region's artwork covers (by their centre). */
function panelsUnder(d: Dieline, r: SheetRegion): Panel[] {
  return d.panels.filter((p) => {
    if (STRUCTURAL.has(p.role)) return false;
    const cx = p.bounds.x + p.bounds.width / 2;
    const cy = p.bounds.y + p.bounds.height / 2;
    if (r.kind === 'rect') return cx > r.rect.x && cx < r.rect.x + r.rect.width && cy > r.rect.y && cy < r.rect.y + r.rect.height;
    const dx = cx - r.apex.x;
    const dy = cy - r.apex.y;
    const rad = Math.hypot(dx, dy);
    const phi = Math.atan2(dx, -dy);
    return rad < r.rOuter + 1 && rad > r.rInner - 1 && phi > r.phiStart - 1e-6 && phi < r.phiEnd + 1e-6;
  });
}

function modelParts(box: BoxType, d: Dieline): Parts {
  const P = new Panels(d);
  switch (d.family) {
    case 'reverse-tuck-end':
    case 'straight-tuck-end':
    case 'auto-lock-bottom':
      return uprightBox(P);
    case 'sleeve':
      // A band open at both ends: seen from above, its open top shows the inside.
      return uprightBox(P, { top: 'open' });
    case 'rsc-0201':
      // A half slotted container has no top flaps: it is shown open. A regular slotted one's
      // flaps meet in the middle under packing tape; a full overlap one's overlap without a seam.
      return uprightBox(P, d.params.style === '0200' ? { top: 'open' } : d.params.style === '0201' ? { tape: true } : {});
    case 'mailer-0427':
      return lidBox(P, { top: 'back-wall', bottom: 'front-wall', left: 'left-wall', right: 'right-wall' });
    case 'two-piece-rigid':
      return lidBox(P, { top: 'base-back-wall', bottom: 'base-front-wall', left: 'base-left-wall', right: 'base-right-wall' }, Number(d.params.lidHeight));
    case 'display-box':
      return displayBox(P);
    case 'pillow':
      return flatPack(P, Number(d.params.depth), { profile: 'pillow' });
    case 'pouch': {
      const kind = String(d.params.kind);
      const seal = Number(d.params.topSeal);
      const side = Number(d.params.sideSeal);
      // The dieline's zipper zone starts 15 mm under the top seal and is 8 mm tall; notches are cut 5 mm (sachets 3 mm) under it.
      const zipper = d.params.zipper === true ? { zipperFromTop: seal + 15, zipperHeight: 8 } : {};
      if (kind === 'flat-bottom') return uprightBox(P, { top: 'sealed', seal: { height: seal, taper: Math.min(14, seal * 1.4), ...zipper } });
      const front = panelArt(P.front());
      const notchFromTop = seal + (kind === 'sachet' ? 3 : 5);
      const seals = { side, top: seal, ...(kind === 'sachet' ? { bottom: seal } : {}), notchFromTop, ...zipper };
      if (kind === 'stand-up') return flatPack(P, front.widthMm * 0.3, { seals });
      return flatPack(P, front.widthMm * (kind === 'sachet' ? 0.1 : 0.12), { profile: 'pillow', seals });
    }
    case 'bag': {
      const kind = String(d.params.kind);
      if (kind === 'flat') return flatPack(P, panelArt(P.front()).widthMm * 0.08, { profile: 'pillow' });
      // Film coffee bag: its top narrows to a 10 mm seal; the valve sits where the dieline keeps the front clear (35 mm under the seal).
      if (kind === 'side-gusset') return uprightBox(P, { top: 'sealed', seal: { height: 10, taper: Number(d.params.gusset) * 0.5, valveFromTop: 45 } });
      return uprightBox(P, { top: 'open', ...(kind === 'shopping' ? { handles: true } : {}) });
    }
    case 'label-wrap':
      return d.params.mode === 'wrap' ? wrapLabel(box, P) : frontBackLabels(box, P);
    case 'tube':
      return d.params.style === 'paper' ? paperTube(box, P) : squeezeTube(box, P);
    case 'cup':
      return cupWall(box, P);
    default:
      throw new Error(`no pipeline model for dieline family ${d.family}`);
  }
}

/** Every non-structural panel gets its own artwork, placed and turned as the dieline says. */
function panelRegions(P: Panels, except: ReadonlySet<string> = new Set()): SheetRegion[] {
  return P.dieline.panels.filter((p) => !STRUCTURAL.has(p.role) && !except.has(p.id)).map((p) => rectRegion(p));
}

/** The top (or bottom) face from one panel, or two flaps meeting in the middle (slotted cartons). */
function capFace(panels: Panel[], w: number, depth: number): FaceCanvas | undefined {
  if (panels.length === 0) return undefined;
  if (panels.length === 1) {
    const a = panelArt(panels[0]!);
    return canvas(w, depth, [layer(a, 0, 0, w, depth)]);
  }
  // The face reads with its top edge towards the back: the back flap's half is on top.
  const back = panels.find((p) => p.id.includes('back')) ?? panels[1]!;
  const front = panels.find((p) => p !== back) ?? panels[0]!;
  return canvas(w, depth, [layer(panelArt(back), 0, 0, w, depth / 2), layer(panelArt(front), 0, depth / 2, w, depth / 2)]);
}

/** How an upright box's shape differs from a closed carton: an open top, a sealed film top, handles. */
type BoxDetails = Pick<BoxShape, 'top' | 'seal' | 'handles' | 'tape'>;

/** Cartons, slotted boxes, gusseted bags, box pouches: standing, front to the camera. */
function uprightBox(P: Panels, details: BoxDetails = {}): Parts {
  const front = panelArt(P.front());
  const left = P.one('left');
  const right = P.one('right');
  const side = left ?? right;
  const depth = side ? uprightSize(side).w : front.widthMm * 0.4;
  const backs = P.withRole('back');
  const faces: Parts['faces'] = { front: faceOf(front) };
  const regions = panelRegions(P, new Set(backs.map((b) => b.id)));
  if (backs.length === 1) {
    const back = panelArt(backs[0]!);
    faces.back = faceOf(back);
    regions.push(rectRegion(backs[0]!, back));
  } else if (backs.length === 2) {
    // A back split by the seam: the first half on the sheet carries a side design, the last
    // the back copy; seen from behind the last comes first.
    const [first, last] = backs as [Panel, Panel];
    const a = art('side', uprightSize(first).w, uprightSize(first).h);
    const b = panelArt(last);
    regions.push(rectRegion(first, a), rectRegion(last, b));
    faces.back = canvas(b.widthMm + a.widthMm, front.heightMm, [layer(b, 0, 0, b.widthMm, front.heightMm), layer(a, b.widthMm, 0, a.widthMm, front.heightMm)]);
  }
  if (left) faces.left = faceOf(panelArt(left));
  if (right) faces.right = faceOf(panelArt(right));
  const top = capFace(P.withRole('top'), front.widthMm, depth);
  if (top) faces.top = top;
  const bottom = capFace(P.withRole('bottom'), front.widthMm, depth);
  if (bottom) faces.bottom = bottom;
  const shape: ShapeSpec = { kind: 'box', width: front.widthMm, height: front.heightMm, depth, ...details };
  return { shape, regions, faces, front, extentMm: boxExtent(front.widthMm, front.heightMm, depth) };
}

/**
 * Boxes whose display face is the lid (mailers, lid-and-base boxes) stand on their back edge
 * with the lid to the camera, as they are photographed: the lid reads upright, the back wall
 * becomes the top face and the side walls turn a quarter.
 */
function lidBox(P: Panels, walls: { top: string; bottom: string; left: string; right: string }, lidDepth?: number): Parts {
  const front = panelArt(P.front());
  const top = panelArt(P.get(walls.top));
  const depth = top.heightMm;
  const faces: Parts['faces'] = {
    front: faceOf(front),
    top: canvas(front.widthMm, depth, [layer(top, 0, 0, front.widthMm, depth, 180)]),
    bottom: canvas(front.widthMm, depth, [layer(panelArt(P.get(walls.bottom)), 0, 0, front.widthMm, depth)]),
    left: canvas(depth, front.heightMm, [layer(panelArt(P.get(walls.left)), 0, 0, depth, front.heightMm, 90)]),
    right: canvas(depth, front.heightMm, [layer(panelArt(P.get(walls.right)), 0, 0, depth, front.heightMm, 270)]),
  };
  const shape: ShapeSpec = { kind: 'box', width: front.widthMm, height: front.heightMm, depth, ...(lidDepth ? { lidDepth } : {}) };
  return { shape, regions: panelRegions(P), faces, front, extentMm: boxExtent(front.widthMm, front.heightMm, depth) };
}

/** Counter display: the header card above an open tray with a low front lip. */
function displayBox(P: Panels): Parts {
  const front = panelArt(P.front());
  const back = panelArt(P.get('back'));
  const lip = P.one('wall');
  const base = P.one('bottom');
  const height = back.heightMm;
  const depth = base ? uprightSize(base).h : front.widthMm * 0.6;
  const frontLayers = [layer('inside', 0, 0, front.widthMm, height), layer(front, 0, 0, front.widthMm, front.heightMm)];
  if (lip) {
    const l = panelArt(lip);
    frontLayers.push(layer(l, 0, height - l.heightMm, front.widthMm, l.heightMm));
  }
  const sideFace = (p: Panel | undefined): FaceCanvas | undefined => {
    if (!p) return undefined;
    const a = panelArt(p);
    return canvas(depth, height, [layer('fill', 0, 0, depth, height), layer(a, 0, height - a.heightMm, depth, a.heightMm)]);
  };
  const faces: Parts['faces'] = {
    front: canvas(front.widthMm, height, frontLayers),
    back: faceOf(back),
    top: canvas(front.widthMm, depth, [layer('fill', 0, 0, front.widthMm, depth)]),
  };
  const left = sideFace(P.one('left'));
  const right = sideFace(P.one('right'));
  if (left) faces.left = left;
  if (right) faces.right = right;
  const shape: ShapeSpec = { kind: 'box', width: front.widthMm, height, depth };
  return { shape, regions: panelRegions(P), faces, front, extentMm: boxExtent(front.widthMm, height, depth) };
}

/** Pouches, sachets, flat bags and pillow boxes: two faces on a puffed body. */
function flatPack(P: Panels, depth: number, details: Pick<PouchShape, 'profile' | 'seals'> = {}): Parts {
  const front = panelArt(P.front());
  const faces: Parts['faces'] = { front: faceOf(front) };
  const back = P.one('back');
  if (back) faces.back = faceOf(panelArt(back));
  const shape: ShapeSpec = { kind: 'pouch', width: front.widthMm, height: front.heightMm, depth: Math.max(2, depth), ...details };
  return { shape, regions: panelRegions(P), faces, front, extentMm: Math.max(front.widthMm, front.heightMm) };
}

interface Band {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The back-right | front | back-left panels of a band round a cylinder, as one rectangle. */
function band(P: Panels, prefix = ''): Band {
  const ids = ['back-right', 'front', 'back-left'].map((n) => (prefix ? `${prefix}-${n}` : n));
  const ps = ids.map((i) => P.get(i));
  const x = Math.min(...ps.map((p) => p.bounds.x));
  const right = Math.max(...ps.map((p) => p.bounds.x + p.bounds.width));
  return { x, y: ps[1]!.bounds.y, width: right - x, height: ps[1]!.bounds.height };
}

/**
 * A band round a round body in three equal parts. A cylinder shows about its middle third,
 * so the front design takes exactly that third (its brand then faces the camera) and the
 * other two take a side design and the back copy. A band has no folds: its nominal
 * back/front panels only mark where the front half of the body is.
 */
function bandThirds(b: Band): { arts: [ArtSpec, ArtSpec, ArtSpec]; regions: SheetRegion[] } {
  const w = b.width / 3;
  const arts = thirds(b.width, b.height);
  const regions = arts.map((a, i): SheetRegion => ({ kind: 'rect', art: a, rect: { x: b.x + i * w, y: b.y, width: w, height: b.height } as RectMm, rotation: 0 }));
  return { arts, regions };
}

function bandLayers(arts: readonly ArtSpec[], y: number, height: number, width: number): FaceLayer[] {
  const w = width / arts.length;
  return arts.map((a, i) => layer(a, i * w, y, w, height));
}

/** Wrap-around labels on bottles, cans, jars and sticks. */
function wrapLabel(box: BoxType, P: Panels): Parts {
  const b = band(P);
  const { arts, regions } = bandThirds(b);
  const lid = P.one('label');
  if (lid) regions.push(rectRegion(lid));
  const shape = roundShape(box, b.height);
  const slot = slotHeight(shape);
  const h = Math.max(slot, b.height);
  const faces = { wrap: canvas(b.width, h, bandLayers(arts, (h - b.height) / 2, b.height, b.width)) };
  return { shape, regions, faces, front: arts[1], extentMm: roundExtent(shape) };
}

/** Separate front and back labels (wine, beer, pump bottles): glass or plastic shows between them. */
function frontBackLabels(box: BoxType, P: Panels): Parts {
  const front = panelArt(P.front());
  const back = panelArt(P.get('back'));
  const shape = roundShape(box);
  const circumference = Math.PI * Number(P.dieline.params.diameter);
  const slot = slotHeight(shape);
  const h = Math.max(slot, front.heightMm, back.heightMm);
  const r = Number(P.dieline.params.cornerRadius ?? 0);
  const y = (hh: number) => (h - hh) / 2;
  const faces = {
    wrap: canvas(circumference, h, [
      layer(front, circumference / 2 - front.widthMm / 2, y(front.heightMm), front.widthMm, front.heightMm, 0, r),
      // The back label is centred on the seam: half at each end of the texture.
      layer(back, -back.widthMm / 2, y(back.heightMm), back.widthMm, back.heightMm, 0, r),
      layer(back, circumference - back.widthMm / 2, y(back.heightMm), back.widthMm, back.heightMm, 0, r),
    ]),
  };
  return { shape, regions: panelRegions(P), faces, front, extentMm: roundExtent(shape) };
}

/** Squeeze tube sleeve: the whole printed length maps onto the tube's body. */
function squeezeTube(box: BoxType, P: Panels): Parts {
  const b = band(P);
  const { arts, regions } = bandThirds(b);
  const diameter = Number(P.dieline.params.diameter);
  // Cosmetic tubes close with a flip-top, toothpaste with a screw cap.
  const shape: ShapeSpec = { ...tubeFitting(diameter, b.height), cap: box.slug === 'cosmetic-tube' ? 'flip' : 'screw' };
  const faces = { wrap: canvas(b.width, b.height, bandLayers(arts, 0, b.height, b.width)) };
  return { shape, regions, faces, front: arts[1], extentMm: roundExtent(shape) };
}

/**
 * The tube length whose printable body equals the printed sleeve: the renderer's tube puts
 * its label between the shoulder and the crimp, so the sleeve is neither cropped nor squashed.
 */
function tubeFitting(diameter: number, printed: number): TubeShape {
  let lo = printed;
  let hi = printed * 2.5;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (slotHeight({ kind: 'tube', diameter, length: mid }) < printed) lo = mid;
    else hi = mid;
  }
  return { kind: 'tube', diameter, length: round2(hi) };
}

/** Paper tube: the lid band sits above the body band; the lid's disc is the top face. */
function paperTube(box: BoxType, P: Panels): Parts {
  const body = band(P);
  const lid = band(P, 'lid');
  const { arts, regions } = bandThirds(body);
  const lidArt = art('top', lid.width, lid.height);
  regions.push({ kind: 'rect', art: lidArt, rect: lid as RectMm, rotation: 0 });
  const disc = P.one('top');
  const diameter = box.dimensions.shape === 'cylinder' ? box.dimensions.diameter : Number(P.dieline.params.diameter);
  const height = body.height + lid.height;
  const shape: ShapeSpec = { kind: 'cylinder', variant: 'paper-tube', diameter, height, lidHeight: lid.height };
  const faces: Parts['faces'] = {
    wrap: canvas(body.width, height, [layer(lidArt, 0, 0, body.width, lid.height), ...bandLayers(arts, lid.height, body.height, body.width)]),
  };
  if (disc) {
    const a = panelArt(disc);
    regions.push(rectRegion(disc, a));
    faces.top = faceOf(a);
  }
  return { shape, regions, faces, front: arts[1], extentMm: roundExtent(shape) };
}

/** Cups, bowls and tubs: the wall is a fan round an apex; thirds by angle. */
function cupWall(box: BoxType, P: Panels): Parts {
  const front = P.get('front');
  const first = P.get('back-right');
  const last = P.get('back-left');
  const outer = front.shape.segments[0];
  const inner = front.shape.segments[2];
  if (!outer || outer.kind !== 'arc' || !inner || inner.kind !== 'arc') throw new Error('cup front panel is not a sector');
  const rOuter = outer.radius;
  const rInner = inner.radius;
  // The front sector is symmetric about the vertical through the apex.
  const s = front.shape.start;
  const halfChord = (outer.to.x - s.x) / 2;
  const apex = { x: s.x + halfChord, y: s.y + Math.sqrt(rOuter * rOuter - halfChord * halfChord) } as PointMm;
  const angle = (p: PointMm) => Math.atan2(p.x - apex.x, -(p.y - apex.y));
  const phiStart = angle(first.shape.start);
  const lastOuter = last.shape.segments[0];
  if (!lastOuter) throw new Error('cup back panel has no outline');
  const phiEnd = angle(lastOuter.to);
  const span = (phiEnd - phiStart) / 3;
  const width = (phiEnd - phiStart) * rOuter;
  const slant = rOuter - rInner;
  const arts = thirds(width, slant);
  const regions: SheetRegion[] = arts.map((a, i) => ({
    kind: 'fan', art: a, apex, rOuter, rInner, phiStart: phiStart + i * span, phiEnd: phiStart + (i + 1) * span, bleedStart: i === 0, bleedEnd: i === 2,
  }));
  const dims = box.dimensions;
  if (dims.shape !== 'frustum') throw new Error(`box ${box.id} is not a frustum`);
  const shape: ShapeSpec = { kind: 'cup', topDiameter: dims.topDiameter, bottomDiameter: dims.bottomDiameter, height: dims.height, ...CUP_LIDS[box.slug] };
  const faces = { wrap: canvas(width, slant, bandLayers(arts, 0, slant, width)) };
  return { shape, regions, faces, front: arts[1], extentMm: Math.max(dims.topDiameter, dims.height) };
}

/**
 * Round bottles, cans, jars and tubes are seen from lower than the renderer's default (8°
 * instead of 14°): from above, lines of type on a cylinder bend into arcs, and a bent
 * wordmark near the edge of the label is the first thing OCR (and a shopper) misreads.
 * Boxes and pouches keep the defaults; cups keep theirs to show the rim and inside.
 */
function cameraFor(shape: ShapeSpec): PackshotCamera {
  switch (shape.kind) {
    case 'bottle':
    case 'cylinder':
    case 'tube':
      return { pitchDeg: 8 };
    default:
      return {};
  }
}

/** Lids by cup type: a hot cup's sip lid, a cold cup's dome and straw, paper lids, a tub's snap lid; bowls stay open. */
const CUP_LIDS: Readonly<Partial<Record<string, Pick<CupShape, 'lid' | 'straw'>>>> = {
  'paper-cup': { lid: 'hot' },
  'cold-cup': { lid: 'dome', straw: true },
  'ice-cream-cup': { lid: 'flat' },
  'food-container': { lid: 'snap' },
};

/** The kind of bottle each catalogue bottle is: its shoulder, neck and closure. */
const BOTTLE_STYLE: Readonly<Partial<Record<string, BottleStyle>>> = {
  'wine-bottle': 'wine',
  'beer-bottle': 'beer',
  'spirits-bottle': 'spirits',
  'water-bottle': 'water',
  'juice-bottle': 'juice',
  'dropper-bottle': 'dropper',
  'pump-bottle': 'pump',
  'spray-bottle': 'spray',
  'shampoo-bottle': 'shampoo',
};

/** The round shape of a box type; `labelHeight` (a wrap label's) places a stick's cap line just above it. */
function roundShape(box: BoxType, labelHeight = 0): ShapeSpec {
  const d = box.dimensions;
  if (d.shape !== 'cylinder') throw new Error(`box ${box.id} is not a cylinder`);
  switch (box.geometry) {
    case 'bottle': {
      const style = BOTTLE_STYLE[box.slug];
      return { kind: 'bottle', diameter: d.diameter, height: d.height, ...(style ? { style } : {}) };
    }
    case 'can':
      // A food tin has double seams at both ends; drink cans a necked top.
      return { kind: 'cylinder', variant: box.slug === 'tin-can' ? 'tin' : 'can', diameter: d.diameter, height: d.height };
    case 'tube':
      // A wrap-labelled tube is a twist stick (lip balm): the label is centred on its height.
      return { kind: 'cylinder', variant: 'stick', diameter: d.diameter, height: d.height, lidHeight: round2((d.height + labelHeight) / 2 + 1.5) };
    case 'jar':
      return { kind: 'cylinder', variant: 'jar', diameter: d.diameter, height: d.height };
    default:
      return { kind: 'cylinder', variant: 'plain', diameter: d.diameter, height: d.height };
  }
}

/** Height of the label area of a round shape, mm. */
function slotHeight(shape: ShapeSpec): number {
  return slotExtent(buildShape(shape), 'wrap')?.height ?? 0;
}

function roundExtent(shape: ShapeSpec): number {
  switch (shape.kind) {
    case 'bottle':
    case 'cylinder':
      return Math.max(shape.diameter, shape.height);
    case 'tube':
      return Math.max(shape.diameter * (Math.PI / 2), shape.length);
    default:
      return 0;
  }
}

/** On-screen extent of a box at the default three-quarter view, mm. */
function boxExtent(w: number, h: number, d: number): number {
  const yaw = (25 * Math.PI) / 180;
  return Math.max(h + d * 0.2, w * Math.cos(yaw) + d * Math.sin(yaw));
}
