/**
 * One design, end to end: artwork for every piece the box needs → print sheet, flat front
 * and 3D textures from those same SVGs → packshot. Pure and deterministic; runs on the
 * calling thread or in a pipeline worker.
 */
import { Resvg, renderAsync } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { BriefInput } from '../artwork/brief.js';
import type { ImageZone, PanelImagery } from '../artwork/imagery.js';
import { type DesignPlan, renderPanelArt } from '../artwork/panel-art.js';
import { resvgFontOptions } from '../artwork/render.js';
import { defaultPitch, defaultYaw, renderPackshot, type PackshotTextures } from '../render3d/packshot.js';
import type { ShapeSpec } from '../render3d/shapes.js';
import type { Texture } from '../render3d/texture.js';
import { type BoxModel, boxModel, type FaceCanvas, type FaceName } from './box-model.js';
import { faceColours, faceSvg, toTexture } from './face-textures.js';
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
  /** What the front panel shows of each imagery source (fractions of the image). */
  readonly imageryZones?: { readonly background?: ImageZone; readonly illustration?: ImageZone };
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

export async function renderDesign(job: DesignJob): Promise<DesignOutput> {
  const model = boxModel(job.boxId);
  const artwork = new Map<string, string>();
  let imageryZones: DesignOutput['imageryZones'];
  for (const a of model.arts) {
    const panel = { role: a.role, widthMm: a.widthMm, heightMm: a.heightMm, ...(a.strip ? { strip: a.strip } : {}) };
    const art = renderPanelArt({ brief: job.brief, panel, seed: job.seed, plan: job.plan, ...(job.imagery ? { imagery: job.imagery } : {}) });
    artwork.set(a.key, art.svg);
    if (a.key === model.front.key && job.imagery) imageryZones = art.imageryZones;
  }
  const background = job.plan.palette.background;
  const colours = faceColours(background);
  const frontSvg = artwork.get(model.front.key);
  if (!frontSvg) throw new Error('front artwork missing');

  // Rasterise on libuv's pool while this thread outlines type for the print sheet.
  const landscape = model.front.widthMm >= model.front.heightMm;
  const frontJob = renderAsync(frontSvg, { ...fontOnly(), fitTo: { mode: landscape ? 'width' : 'height', value: FRONT_LONGEST_PX } });
  const faces = visibleFaces(model, job.size);
  const faceJobs = faces.map(async ([name, face, px]): Promise<[FaceName, Texture]> => {
    const img = await renderAsync(faceSvg(face, artwork, colours, px.width, px.height), fontOnly());
    return [name, toTexture(img.width, img.height, img.pixels)];
  });

  const outlined = new Map<string, string>();
  for (const r of model.regions) {
    if (outlined.has(r.art.key)) continue;
    const svg = artwork.get(r.art.key);
    if (svg) outlined.set(r.art.key, new Resvg(svg, fontOnly()).toString());
  }
  const dielineSvg = composePrintSheet(model, outlined, background);

  const front = await frontJob;
  const frontPngJob = sharp(front.pixels, { raw: { width: front.width, height: front.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
  const textures: Partial<Record<FaceName, Texture>> = Object.fromEntries(await Promise.all(faceJobs));
  const packshot = await renderPackshot({
    shape: model.shape,
    textures: textures as PackshotTextures,
    material: model.material,
    camera: model.camera,
    size: job.size,
  });
  return { packshotPng: packshot.png, frontPng: await frontPngJob, dielineSvg, ...(imageryZones ? { imageryZones } : {}) };
}
