/**
 * Brief → a set of finished designs: for each, the packshot, the flat front panel and the
 * print file, all cut from one set of artwork laid out on the box's real dieline.
 */
import sharp from 'sharp';
import { BriefSchema, type BriefInput, type LogoData } from '../artwork/brief.js';
import type { ImageZone, PanelImagery, RasterImage } from '../artwork/imagery.js';
import { paletteColors } from '../artwork/palette.js';
import { boxModel } from './box-model/index.js';
import type { FaceAtlas } from './face-atlas.js';
import { planDesignSet } from './plan-set.js';
import { type DesignJob, type DesignOutput, renderDesign } from './render-design.js';
import { designWorkers } from './worker-pool.js';

export interface DesignSetBrief {
  readonly product: string;
  readonly brand: string;
  /** Catalogue box id; 0 = no box chosen (the reverse tuck end carton). */
  readonly boxId: number;
  readonly element: readonly string[];
  readonly style: readonly string[];
  readonly color: readonly string[];
  /** PNG or JPEG bytes. */
  readonly logo?: Buffer;
}

/**
 * Imagery from an image engine for one design, as PNG or JPEG bytes (other formats sharp reads are
 * converted). Text and logo are never taken from it: the engine typesets them over it.
 */
export interface DesignImagery {
  /** Backdrop of every panel, cover-cropped (continuous round a band). */
  readonly background?: Buffer;
  /** Shown in the front's art zone. */
  readonly illustration?: Buffer;
}

export interface DesignSetRequest {
  readonly brief: DesignSetBrief;
  readonly count: number;
  readonly seed: number;
  /** What the user liked before: the first designs reuse a liked layout and a liked palette. */
  readonly liked?: { readonly palettes: readonly (readonly string[])[]; readonly layouts: readonly string[] };
  /** Packshot size, px (default 1024). */
  readonly size?: number;
  /** Called with the fraction of designs finished, 0 < f ≤ 1. */
  readonly onProgress?: (fraction: number) => void;
  /**
   * Imagery placed into the layouts: one value shared by every design (each design crops a
   * shared backdrop its own way), or one per design (design i takes entry i mod length; an
   * empty entry leaves that design to the procedural artwork alone).
   */
  readonly imagery?: DesignImagery | readonly DesignImagery[];
}

export interface RenderedDesign {
  /** The product in perspective, lit, with a soft shadow: size × size PNG. */
  readonly packshotPng: Buffer;
  /** The flat front panel, 1024 px on its longest side. */
  readonly frontPng: Buffer;
  /** The print file: the dieline sheet with the artwork, at print size (mm). */
  readonly dielineSvg: string;
  /** Every face of the pack with its artwork in one SVG (mm): `renderAtlasFace` draws one face of it. */
  readonly faceAtlas: FaceAtlas;
  readonly layoutId: string;
  /** The six main colours (background, surface, primary, accent, text, text on primary): what a liked palette stores. */
  readonly palette: string[];
  /** Re-renders this design alone: same brief, `count: 1`, this seed, no `liked` (and this design's imagery). */
  readonly seed: number;
  /**
   * What the front panel shows of each imagery source this design used, as fractions of that
   * image (the art zone an edit of the design repaints). Absent without imagery.
   */
  readonly imagery?: { readonly background?: ImageZone; readonly illustration?: ImageZone };
  /**
   * For each colour the brief names (keyed by catalogue slug, else the tag as written), the share
   * of the packshot's visible pack surface — product pixels, not the backdrop or the floor
   * shadow — that shows it, 0–1 (CIEDE2000 with hue, chroma and lightness checks). Empty when
   * the brief names no colour.
   */
  readonly colourShares: Readonly<Record<string, number>>;
}

/** Raised for a request the pipeline cannot render; the message says what to change. */
export class DesignRequestError extends Error {}

const MAX_COUNT = 16;

export async function renderDesignSet(request: DesignSetRequest): Promise<RenderedDesign[]> {
  const { brief, count, seed } = request;
  const size = request.size ?? 1024;
  if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
    throw new DesignRequestError(`count must be a whole number from 1 to ${MAX_COUNT}, got ${count}.`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new DesignRequestError(`seed must be a whole number from 0 to 4294967295, got ${seed}.`);
  if (!Number.isInteger(size) || size < 64 || size > 4096) throw new DesignRequestError(`size must be a whole number of pixels from 64 to 4096, got ${size}.`);
  const model = boxModel(brief.boxId);
  const logo = brief.logo ? await logoData(brief.logo) : undefined;
  const input: BriefInput = {
    product: brief.product,
    brand: brief.brand,
    box: String(model.box.id),
    element: [...brief.element],
    style: [...brief.style],
    color: [...brief.color],
    logo,
    seed,
  };
  const checked = BriefSchema.safeParse(
    request.liked ? { ...input, liked: { palettes: request.liked.palettes.map((p) => [...p]), layouts: [...request.liked.layouts] } } : input,
  );
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new DesignRequestError(`brief.${issue?.path.join('.') || 'brief'}: ${issue?.message ?? 'invalid'}`);
  }
  const parsed = checked.data;
  const plans = planDesignSet(parsed, count, seed);
  const imagery = await imageryPerDesign(request.imagery, count);

  const pool = designWorkers();
  let done = 0;
  const outputs = await Promise.all(
    plans.map(async ({ seed: designSeed, plan }, i): Promise<DesignOutput> => {
      const own = imagery[i];
      const job: DesignJob = { boxId: model.box.id, brief: { ...input, seed: designSeed }, seed: designSeed, plan, size, ...(own ? { imagery: own } : {}) };
      const out = pool ? await pool.run(job) : await renderDesign(job);
      done++;
      request.onProgress?.(done / count);
      return out;
    }),
  );
  return outputs.map(({ imageryZones, plan: rendered, ...out }, i) => {
    const { seed: designSeed, plan } = plans[i]!;
    // The colour-share loop may have changed the palette (another named colour as the ground).
    const used = rendered ?? plan;
    return { ...out, layoutId: used.layoutId, palette: paletteColors(used.palette), seed: designSeed, ...(imageryZones ? { imagery: imageryZones } : {}) };
  });
}

/** Longest side imagery is embedded at: enough for a 1024 px front, small enough to embed in every panel. */
const IMAGERY_MAX_PX = 1024;

/** The imagery of each design, decoded once per distinct buffer; undefined where a design has none. */
async function imageryPerDesign(given: DesignSetRequest['imagery'], count: number): Promise<(PanelImagery | undefined)[]> {
  if (!given) return Array.from({ length: count }, () => undefined);
  const list: readonly DesignImagery[] = isImageryList(given) ? given : [given];
  if (list.length === 0) return Array.from({ length: count }, () => undefined);
  const cache = new Map<Buffer, Promise<RasterImage>>();
  const image = (bytes: Buffer, what: string) => {
    let found = cache.get(bytes);
    if (!found) {
      found = rasterImage(bytes, what);
      cache.set(bytes, found);
    }
    return found;
  };
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const entry = list[i % list.length]!;
      const background = entry.background ? await image(entry.background, 'background') : undefined;
      const illustration = entry.illustration ? await image(entry.illustration, 'illustration') : undefined;
      if (!background && !illustration) return undefined;
      return { ...(background ? { background } : {}), ...(illustration ? { illustration } : {}) };
    }),
  );
}

function isImageryList(v: DesignImagery | readonly DesignImagery[]): v is readonly DesignImagery[] {
  return Array.isArray(v);
}

/**
 * Imagery bytes → an embeddable image: at most {@link IMAGERY_MAX_PX} on its longest side, JPEG
 * when fully opaque (a fraction of a PNG's size, embedded in every panel), PNG when it has
 * transparency. sharp's encoders are deterministic, so the same bytes give the same design.
 */
async function rasterImage(bytes: Buffer, what: string): Promise<RasterImage> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new DesignRequestError(`imagery.${what} could not be read: give PNG or JPEG bytes.`);
  const stats = await sharp(bytes).stats();
  const resized = sharp(bytes).rotate().resize({ width: IMAGERY_MAX_PX, height: IMAGERY_MAX_PX, fit: 'inside', withoutEnlargement: true });
  const { data, info } = stats.isOpaque
    ? await resized.removeAlpha().jpeg({ quality: 88, chromaSubsampling: '4:4:4' }).toBuffer({ resolveWithObject: true })
    : await resized.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
  const mime = stats.isOpaque ? 'image/jpeg' : 'image/png';
  return { href: `data:${mime};base64,${data.toString('base64')}`, width: info.width, height: info.height, opaque: stats.isOpaque };
}

async function logoData(bytes: Buffer): Promise<LogoData> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta) throw new DesignRequestError('The logo could not be read: upload a PNG or JPEG image.');
  if (!meta.width || !meta.height) throw new DesignRequestError('The logo has no size: upload a PNG or JPEG image.');
  if (meta.format === 'png' || meta.format === 'jpeg') {
    return { data: new Uint8Array(bytes), width: meta.width, height: meta.height, mime: meta.format === 'png' ? 'image/png' : 'image/jpeg' };
  }
  // Other formats sharp reads (WebP, GIF…) are converted: resvg embeds PNG and JPEG only.
  const png = await sharp(bytes).png().toBuffer();
  return { data: new Uint8Array(png), width: meta.width, height: meta.height, mime: 'image/png' };
}
