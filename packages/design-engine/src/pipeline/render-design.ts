/**
 * One design, end to end: artwork for every piece the box needs → print sheet, flat front
 * and 3D textures from those same SVGs → packshot. Pure and deterministic; runs on the
 * calling thread or in a pipeline worker.
 */
import { Resvg, renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { BriefInput } from '../artwork/brief.js';
import type { ImageZone, PanelImagery } from '../artwork/imagery.js';
import { LAYOUT_COVER, MAX_COLOUR_LEVEL, MIN_COLOUR_LEVEL } from '../artwork/colour-plan.js';
import { layoutsForFamily } from '../artwork/layouts/index.js';
import { type ColourChange, type DesignPlan, renderPanelArt, replanColours } from '../artwork/panel-art.js';
import { resvgFontOptions } from '../artwork/render.js';
import { measureColourShares } from '../artwork/colour-share.js';
import { type NamedColour, namedColours, targetShare } from '../artwork/named-colours.js';
import { defaultPitch, defaultYaw, type PackshotOptions, type PackshotTextures } from '../render3d/packshot.js';
import type { ShapeSpec } from '../render3d/shapes.js';
import type { Texture } from '../render3d/texture.js';
import { type BoxModel, boxModel, type FaceCanvas, type FaceName } from './box-model/index.js';
import { faceColours, faceSvg, toTexture } from './face-textures.js';
import { type PackshotSurface, packshotPng, renderPackshotSurface } from './packshot-surface.js';
import { composeFaceAtlas, type FaceAtlas } from './face-atlas.js';
import { composePrintSheet } from './print-sheet.js';

export interface DesignJob {
  readonly boxId: number;
  /** Brief input without `liked` (the plan already carries those choices). */
  readonly brief: BriefInput;
  readonly seed: number;
  readonly plan: DesignPlan;
  /** Packshot size, px. */
  readonly size: number;
  /** Imagery as `data:` URLs (strings cross to worker threads without copying buffers around). */
  readonly imagery?: PanelImagery;
}

export interface DesignOutput {
  readonly packshotPng: Buffer;
  readonly frontPng: Buffer;
  readonly dielineSvg: string;
  /** Every face of the pack with its artwork, in one SVG (mockups and 3D previews use it later). */
  readonly faceAtlas: FaceAtlas;
  /** What the front panel shows of each imagery source (fractions of the image). */
  readonly imageryZones?: { readonly background?: ImageZone; readonly illustration?: ImageZone };
  /** Share of the packshot's visible pack surface each colour the brief names covers, 0–1, by its key. */
  readonly colourShares: Readonly<Record<string, number>>;
  /** The plan as rendered, when the colour-share loop changed the job's (bands, or the ground). */
  readonly plan?: DesignPlan;
}

/** Longest side of the flat front PNG. */
export const FRONT_LONGEST_PX = 1024;
/**
 * Texture pixels per screen pixel of the packshot. At 1 the renderer samples the sharpest
 * level of its mip chain; oversampled textures are blended with the half-size level and read
 * no better (OCR pass rates at 0.8, 1.0, 1.3 and 2.0 were within noise, 2.0 the worst).
 */
const OVERSAMPLE = 1;
/** The packshot frames the product to fill 80 % of the image. */
const FILL = 0.8;
const MAX_TEXTURE_PX = 2048;

const fontOnly = () => ({ font: resvgFontOptions(), logLevel: 'off' as const });

/** A face's texture size: full resolution along a face, less across one seen at a slant. */
interface TextureSize {
  width: number;
  height: number;
}

/**
 * The faces the packshot camera sees, with their texture sizes. Faces turned away (a box's
 * back, left and bottom) are left untextured: they never reach a pixel.
 */
function visibleFaces(model: BoxModel, size: number): [FaceName, FaceCanvas, TextureSize][] {
  const shape = model.shape;
  const yaw = ((model.camera.yawDeg ?? defaultYaw(shape)) * Math.PI) / 180;
  const pitch = ((model.camera.pitchDeg ?? defaultPitch(shape)) * Math.PI) / 180;
  const pxPerMm = (size * FILL * OVERSAMPLE) / model.extentMm;
  // Foreshortening of a face seen at an angle θ is sin θ; a margin keeps its type crisp.
  const slant = (angle: number) => Math.min(1, Math.sin(angle) + 0.15);
  const scales: Partial<Record<FaceName, [number, number]>> = visibleScales(shape, slant(yaw), slant(pitch));
  const out: [FaceName, FaceCanvas, TextureSize][] = [];
  for (const [name, [sx, sy]] of Object.entries(scales) as [FaceName, [number, number]][]) {
    const face = model.faces[name];
    if (!face) continue;
    let width = face.widthMm * pxPerMm * sx;
    let height = face.heightMm * pxPerMm * sy;
    const over = Math.max(width, height) / MAX_TEXTURE_PX;
    if (over > 1) {
      width /= over;
      height /= over;
    }
    out.push([name, face, { width: Math.max(8, Math.round(width)), height: Math.max(8, Math.round(height)) }]);
  }
  return out;
}

function visibleScales(shape: ShapeSpec, side: number, top: number): Partial<Record<FaceName, [number, number]>> {
  switch (shape.kind) {
    case 'box':
      return { front: [1, 1], right: [side, 1], top: [1, top] };
    case 'pouch':
      return { front: [1, 1] };
    default:
      return { wrap: [1, 1], top: [1, top] };
  }
}

/** The artwork SVG of every piece the box needs, by key, for one plan. */
function artworkFor(job: DesignJob, model: BoxModel, plan: DesignPlan): { artwork: Map<string, string>; imageryZones: DesignOutput['imageryZones'] } {
  const artwork = new Map<string, string>();
  let imageryZones: DesignOutput['imageryZones'];
  for (const a of model.arts) {
    const panel = { role: a.role, widthMm: a.widthMm, heightMm: a.heightMm, ...(a.strip ? { strip: a.strip } : {}) };
    const art = renderPanelArt({ brief: job.brief, panel, seed: job.seed, plan, ...(job.imagery ? { imagery: job.imagery } : {}) });
    artwork.set(a.key, art.svg);
    if (a.key === model.front.key && job.imagery) imageryZones = art.imageryZones;
  }
  return { artwork, imageryZones };
}

/** The textures of the faces the camera sees, rendered for a packshot of `size` px. */
async function texturesFor(model: BoxModel, artwork: ReadonlyMap<string, string>, background: string, size: number): Promise<PackshotTextures> {
  const colours = faceColours(background);
  const faces = visibleFaces(model, size);
  const entries = await Promise.all(
    faces.map(async ([name, face, px]): Promise<[FaceName, Texture]> => {
      const img = await renderAsync(faceSvg(face, artwork, colours, px.width, px.height), fontOnly());
      return [name, toTexture(img.width, img.height, img.pixels)];
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The packshot's options for a plan. When the brief names colours the parts no artwork covers
 * take them too, as a packaging designer specifies them: the cap or lid in the first feature
 * colour (a metal first: a gold lid, a copper cap), a plastic bottle's or tube's body in the
 * ground (or the colour the share loop gave it). Glass stays glass, a can's metal stays metal.
 */
function packshotOptions(model: BoxModel, plan: DesignPlan, textures: PackshotTextures, size: number): PackshotOptions {
  const base: PackshotOptions = { shape: model.shape, textures, material: model.material, camera: model.camera, size };
  const roles = plan.palette.roles;
  if (!roles) return base;
  const features = roles.features;
  const cap = (features.find((f) => f.metal) ?? features[0] ?? roles.ground)?.hex;
  const bodyKey = plan.colour?.bodyKey;
  const body = hasBody(model) ? (plan.colour?.named.find((c) => c.key === bodyKey)?.hex ?? plan.palette.background) : undefined;
  return { ...base, ...(cap ? { capColor: cap } : {}), ...(body ? { bodyColor: body } : {}) };
}

/** Packshot size the colour treatment is tried at: shares are areas, a small frame measures them. */
const PROBE_SIZE = 192;
/** Probes beyond the first before the best plan seen is taken. */
const MAX_REPLANS = 3;
/** A probe must clear a colour's aim by this factor: the full-size packshot differs by a few tenths of a point. */
const PROBE_MARGIN = 1.05;

interface Probe {
  readonly plan: DesignPlan;
  readonly art: ReturnType<typeof artworkFor>;
  readonly shares: readonly number[];
  /** Lowest share / aim over the colours held to an aim (Infinity when none is). */
  readonly score: number;
}

/**
 * The share loop, from the design as first rendered (`first`, measured on its full-size packshot):
 * while a colour falls short, tries the next colour treatment (see {@link nextChanges}) on a
 * small packshot without its floor shadow, at most {@link MAX_REPLANS} times, keeping the best.
 */
async function fitColours(job: DesignJob, model: BoxModel, named: readonly NamedColour[], first: Probe): Promise<Probe> {
  const aims = named.map((_, i) => targetShare(i));
  const probe = async (p: DesignPlan): Promise<Probe> => {
    const art = artworkFor(job, model, p);
    const textures = await texturesFor(model, art.artwork, p.palette.background, PROBE_SIZE);
    const shot = renderPackshotSurface(packshotOptions(model, p, textures, PROBE_SIZE), true);
    const shares = measureColourShares(shot.rgba, shot.width, shot.height, named, { mask: shot.mask, stride: 1 }).map((m) => m.share);
    return { plan: p, art, shares, score: scoreOf(shares, aims) };
  };
  const plan = first.plan;
  let best = first;
  let current = first;
  let previous: Probe | null = null;
  const tried = new Set<string>([changeKey(plan)]);
  // The last resort: the layout of the design's family that covers its ground least. Chosen from
  // the plan alone (not from the set's other designs), so a design's seed still re-creates it.
  const cover = (id: string) => LAYOUT_COVER[id] ?? 0.5;
  const alternate = layoutsForFamily(plan.family)
    .map((l) => l.id)
    .filter((id) => id !== plan.layoutId)
    .sort((a, b) => cover(a) - cover(b))[0];
  const layoutChange: ColourChange[] = alternate && cover(alternate) < cover(plan.layoutId) ? [{ level: 0, layoutId: alternate }] : [];
  for (let k = 0; k < MAX_REPLANS && best.score < PROBE_MARGIN; k++) {
    const next = nextChanges(current, previous, named, aims, hasBody(model), layoutChange)
      .map((change) => replanColours(job.brief, job.seed, current.plan, change))
      .find((candidate) => !tried.has(changeKey(candidate)));
    if (!next) break;
    tried.add(changeKey(next));
    previous = current;
    current = await probe(next);
    if (current.score > best.score) best = current;
  }
  return best;
}

const changeKey = (p: DesignPlan) => `${p.layoutId}|${p.colour?.level ?? 0}|${p.palette.roles?.ground?.key ?? ''}|${p.colour?.bodyKey ?? ''}`;

/** A plastic bottle or tube: its body shows round the label and can take a named colour. */
function hasBody(model: BoxModel): boolean {
  const glass = model.material === 'GLASS_GLOSSY' || model.material === 'GLASS_MATT';
  return !glass && (model.shape.kind === 'bottle' || model.shape.kind === 'tube');
}

/**
 * The colour treatments to try after `p` (reached from `previous`), best first; the loop takes
 * the first it has not tried. A short feature colour gets wider bands — unless the last widening
 * gained it nothing (the front gave its bands up to keep the wordmark apart) — then a plastic
 * pack's body, then the ground, then another layout. A short ground gets slimmer bands when the
 * others can spare the area, else hands the ground to another flat named colour, else the design
 * takes another layout, and only then a metal becomes the ground (a foil pack).
 */
function nextChanges(
  p: Probe,
  previous: Probe | null,
  named: readonly NamedColour[],
  aims: readonly number[],
  body: boolean,
  layoutChange: readonly ColourChange[],
): ColourChange[] {
  const level = p.plan.colour?.level ?? 0;
  const ground = p.plan.palette.roles?.ground?.key;
  const bodyKey = p.plan.colour?.bodyKey;
  const keep = { ...(bodyKey ? { bodyKey } : {}) };
  const isShort = (i: number) => (p.shares[i] ?? 0) < (aims[i] ?? 0) * PROBE_MARGIN;
  const out: ColourChange[] = [];
  const shortFeature = named.findIndex((c, i) => c.key !== ground && isShort(i));
  if (shortFeature >= 0) {
    const c = named[shortFeature]!;
    const widened = previous !== null && level > (previous.plan.colour?.level ?? 0);
    const stalled = widened && (p.shares[shortFeature] ?? 0) < (previous.shares[shortFeature] ?? 0) + 0.01;
    // Far short (under half its aim): straight to the widest bands rather than one step at a time.
    const far = (p.shares[shortFeature] ?? 0) < (aims[shortFeature] ?? 0) * 0.5;
    if (level < MAX_COLOUR_LEVEL && !stalled) out.push({ level: far ? MAX_COLOUR_LEVEL : Math.max(1, level + 1), ...keep });
    if (body && bodyKey !== c.key) out.push({ level, bodyKey: c.key });
    out.push({ level: 1, groundKey: c.key, ...keep }, ...layoutChange);
    return out;
  }
  const g = named.findIndex((c) => c.key === ground);
  if (g < 0 || !isShort(g)) return out;
  const slack = named.every((c, i) => c.key === ground || (p.shares[i] ?? 0) >= (aims[i] ?? 0) * 1.3);
  // A ground well short is covered by the layout itself (labels, cards): slimmer bands win it
  // little back, so another layout comes first.
  const covered = (p.shares[g] ?? 0) < (aims[g] ?? 0) * 0.85;
  if (covered) out.push(...layoutChange);
  // (Not straight after widening the bands for a feature colour: that would only undo it.)
  const widened = previous !== null && level > (previous.plan.colour?.level ?? 0);
  if (slack && !widened && level > MIN_COLOUR_LEVEL) out.push({ level: Math.min(-1, level - 1), ...keep });
  for (const o of named.filter((c) => c.key !== ground && !c.metal)) out.push({ level: 1, groundKey: o.key, ...keep });
  if (!covered) out.push(...layoutChange);
  for (const o of named.filter((c) => c.key !== ground && c.metal)) out.push({ level: 1, groundKey: o.key, ...keep });
  return out;
}

/** Lowest share / aim over the named colours held to an aim (Infinity when none is). */
function scoreOf(shares: readonly number[], aims: readonly number[]): number {
  let score = Number.POSITIVE_INFINITY;
  shares.forEach((s, i) => {
    const aim = aims[i] ?? 0;
    if (aim > 0) score = Math.min(score, s / aim);
  });
  return score;
}

interface Rendered {
  readonly packshot: PackshotSurface;
  readonly frontPng: Promise<Buffer>;
  readonly dielineSvg: string;
  readonly faceAtlas: FaceAtlas;
  /** Share of the pack's surface per named colour, in the brief's order. */
  readonly shares: readonly number[];
}

/** Front PNG, print sheet and full-size packshot of one plan's artwork, with the named colours' shares. */
async function renderWith(
  job: DesignJob,
  model: BoxModel,
  plan: DesignPlan,
  artwork: ReadonlyMap<string, string>,
  named: readonly NamedColour[],
): Promise<Rendered> {
  const background = plan.palette.background;
  const frontSvg = artwork.get(model.front.key);
  if (!frontSvg) throw new Error('front artwork missing');

  // Rasterise on libuv's pool while this thread outlines type for the print sheet.
  const landscape = model.front.widthMm >= model.front.heightMm;
  const frontJob = renderAsync(frontSvg, { ...fontOnly(), fitTo: { mode: landscape ? 'width' : 'height', value: FRONT_LONGEST_PX } });
  const texturesJob = texturesFor(model, artwork, background, job.size);

  const outlined = new Map<string, string>();
  for (const r of model.regions) {
    if (outlined.has(r.art.key)) continue;
    const svg = artwork.get(r.art.key);
    if (svg) outlined.set(r.art.key, new Resvg(svg, fontOnly()).toString());
  }
  const dielineSvg = composePrintSheet(model, outlined, background);
  // The artwork as made (type as text, a fraction of the outlined size): renderAtlasFace draws it with the engine's fonts.
  const faceAtlas = composeFaceAtlas(model, artwork, background);

  const front = await frontJob;
  const frontPng = sharp(front.pixels, { raw: { width: front.width, height: front.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
  const packshot = renderPackshotSurface(packshotOptions(model, plan, await texturesJob, job.size));
  // Measured on a sample of the full-size packshot (every other pixel of every other row at 1024 px).
  const shares = measureColourShares(packshot.rgba, packshot.width, packshot.height, named, {
    mask: packshot.mask,
    stride: Math.max(1, Math.round(job.size / 512)),
  }).map((m) => m.share);
  return { packshot, frontPng, dielineSvg, faceAtlas, shares };
}

/**
 * One design. The colour roles planned up front give most designs every named colour's share
 * at once, so the design is rendered and measured straight away; only when a colour falls short
 * does the share loop try other treatments on small probes ({@link fitColours}) and, if one
 * does better, render the design once more with it.
 */
export async function renderDesign(job: DesignJob): Promise<DesignOutput> {
  const model = boxModel(job.boxId);
  const named = namedColours(job.brief.color ?? []);
  const aims = named.map((_, i) => targetShare(i));
  let plan = job.plan;
  let art = artworkFor(job, model, plan);
  let out = await renderWith(job, model, plan, art.artwork, named);
  // Over a backdrop image the image is the ground: the shares are measured and reported, not fitted.
  const fit = named.length > 0 && plan.colour !== undefined && !job.imagery?.background;
  const score = scoreOf(out.shares, aims);
  if (fit && score < 1) {
    const best = await fitColours(job, model, named, { plan, art, shares: out.shares, score });
    if (best.plan !== plan && best.score > score) {
      // The first render's front PNG is dropped: wait for it so no encoder is left running.
      await out.frontPng;
      plan = best.plan;
      art = best.art;
      out = await renderWith(job, model, plan, art.artwork, named);
    }
  }
  const colourShares = Object.fromEntries(named.map((c, i) => [c.key, Math.round((out.shares[i] ?? 0) * 1000) / 1000]));
  return {
    packshotPng: await packshotPng(out.packshot),
    frontPng: await out.frontPng,
    dielineSvg: out.dielineSvg,
    faceAtlas: out.faceAtlas,
    colourShares,
    ...(plan !== job.plan ? { plan } : {}),
    ...(art.imageryZones ? { imageryZones: art.imageryZones } : {}),
  };
}
