import { DesignRequestError, UnknownBoxError, backdropAspect, renderDesignSet, warmUp, type FaceAtlas, type ImageZone } from '@packsmith/design-engine';

/*
 * The one place the server reaches the design engine's pipeline: a change of its signature is a
 * change of this file only. Tests inject their own DesignPipeline through buildApp options.
 */

export interface DesignRequest {
  brief: {
    product: string;
    brand: string;
    /** Catalogue box id; 0 = none chosen (the engine picks its default box). */
    boxId: number;
    element: string[];
    style: string[];
    color: string[];
    /** The logo's PNG/JPEG bytes. */
    logo?: Buffer;
  };
  count: number;
  seed: number;
  /** What the user liked before: the engine leans towards these layouts and palettes. */
  liked?: { palettes: string[][]; layouts: string[] };
  /** Longest side of the packshot and the flat front, px. */
  size: number;
  /** 0–1 as designs are finished. */
  onProgress?: (fraction: number) => void;
  /**
   * Imagery from the image engine, one entry per design (null: the procedural artwork alone): a
   * background becomes every panel's backdrop, an illustration takes the front's art zone. Text
   * and logo stay typeset by the engine.
   */
  imagery?: readonly ({ background?: Buffer; illustration?: Buffer } | null)[];
}

export interface RenderedDesign {
  packshotPng: Buffer;
  frontPng: Buffer;
  /** The print file: cut and fold lines with the artwork placed. */
  dielineSvg: string;
  /** Every face of the pack with its artwork in one SVG (mm); absent from pipelines that do not make one. */
  faceAtlas?: FaceAtlas;
  layoutId: string;
  /** Hex colours, most used first. */
  palette: string[];
  /** What the front shows of each imagery source the design used (fractions of that image). */
  imagery?: { background?: ImageZone; illustration?: ImageZone };
  /** Share (0–1) of the packshot's pack surface showing each colour the brief names, by colour key. */
  colourShares?: Readonly<Record<string, number>>;
  /** This design's own seed (design i of a set is planned from a seed derived from the request's): what rebuilds it alone. */
  seed?: number;
}

export type DesignPipeline = (request: DesignRequest) => Promise<RenderedDesign[]>;

/** A pipeline refusal a person can read (an impossible brief), as opposed to a crash. */
export class DesignRejected extends Error {
  override name = 'DesignRejected';
}

/** The local procedural engine (ARCHITECTURE §3: the default image generation). */
export const engineDesignPipeline: DesignPipeline = async (request) => {
  try {
    const designs = await renderDesignSet({
      brief: request.brief,
      count: request.count,
      seed: request.seed,
      liked: request.liked,
      size: request.size,
      onProgress: request.onProgress,
      ...(request.imagery?.some((x) => x) ? { imagery: request.imagery.map((x) => x ?? {}) } : {}),
    });
    return designs.map((d) => ({
      packshotPng: d.packshotPng,
      frontPng: d.frontPng,
      dielineSvg: d.dielineSvg,
      faceAtlas: d.faceAtlas,
      layoutId: d.layoutId,
      palette: [...d.palette],
      colourShares: { ...d.colourShares },
      seed: d.seed,
      ...(d.imagery ? { imagery: { ...d.imagery } } : {}),
    }));
  } catch (err) {
    // The engine's refusals say what to change; anything else is a crash and stays generic.
    if (err instanceof DesignRequestError || err instanceof UnknownBoxError) throw new DesignRejected(err.message);
    throw err;
  }
};

/** Width ÷ height a backdrop image for this box should have (its front, or the whole band round a body); 1 for an unknown box. */
export function backdropAspectOf(boxId: number): number {
  try {
    return backdropAspect(boxId);
  } catch {
    return 1;
  }
}

/** Fonts, tables and the worker threads made ready (the first design of a cold process is ~2 s slower). */
export function warmUpDesignEngine(): Promise<void> {
  return warmUp();
}
