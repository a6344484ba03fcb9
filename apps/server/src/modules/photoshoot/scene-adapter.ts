import type { SceneCategory, SceneFamily, SceneLight } from '@packsmith/contracts';

/*
 * The one place the server reaches the design engine's scene generator: a change of its signature
 * is a change of this file only. Tests and buildApp options inject their own SceneEngine. Imported
 * on first use: only the seeding of templates and the ranking of scenes need it.
 */

export interface RenderedScene {
  png: Buffer;
  /** The gallery group of the scene's family. */
  category: SceneCategory;
  /** The look the seed chose within the family (e.g. marble "nero"); may be empty. */
  variant: string;
  width: number;
  height: number;
  light: SceneLight;
  /** 0–1 from the top: where a standing product touches the floor. */
  floorY: number;
  /** Dominant colours, hex, most used first. */
  colors: string[];
  /** Colour names for the gallery filter. */
  colorTags: string[];
}

export type SceneScorer = (scene: { family: SceneFamily; colors: readonly string[] }) => number;

export interface SceneRenderRequest {
  family: SceneFamily;
  seed: number;
  /** Longer side, px. */
  size: number;
  /** The product's colours, most important first; absent: the family's own colours (curated scenes). */
  palette?: readonly string[];
}

/** A family worth rendering for one product, with the seed whose colours suit it best. */
export interface SceneSuggestion {
  family: SceneFamily;
  seed: number;
}

export interface SceneEngine {
  render(request: SceneRenderRequest): Promise<RenderedScene>;
  /**
   * How well each scene suits one product (its palette, and its product words when known);
   * higher is better (only the order matters).
   */
  scorer(productColors: readonly string[], product?: string): Promise<SceneScorer>;
  /**
   * Every family ranked for one product (best first), each with the seed whose palette-derived
   * colours suit it best, predicted without rendering. Optional: without it, families are taken in
   * catalogue order with seed 1.
   */
  suggest?(productColors: readonly string[], product?: string): Promise<SceneSuggestion[]>;
  /** Frees what rendering holds (a worker thread); rendering again starts it anew. */
  close?(): Promise<void>;
  /** Readies the renderer ahead of a render (starts its worker thread). */
  warmUp?(): Promise<void>;
  /**
   * A second renderer of the same scenes with its own worker thread, so on-demand previews do not
   * queue behind a seeding render (up to 2.6 s at 2048 px). Optional: without it previews share this one.
   */
  fork?(): SceneEngine;
}

type SceneModule = (typeof import('@packsmith/design-engine'))['scenes'];
let loaded: Promise<SceneModule> | null = null;
const load = (): Promise<SceneModule> => (loaded ??= import('@packsmith/design-engine').then((m) => m.scenes));

/** The local procedural scenes (ARCHITECTURE §3: the default image generation). */
export const engineScenes: SceneEngine = {
  async render({ family, seed, size, palette }) {
    const { png, meta } = await (await load()).renderScene({ family, seed, size, ...(palette && palette.length > 0 ? { palette } : {}) });
    return {
      png,
      category: meta.category,
      variant: meta.variant,
      width: meta.width,
      height: meta.height,
      light: meta.light,
      floorY: meta.floorY,
      colors: [...meta.colors],
      colorTags: [...meta.colorTags],
    };
  },
  async scorer(productColors, product) {
    const scenes = await load();
    // The engine's ranking weights: 70 % colour match, 30 % family preference for the product kind.
    return (scene) => 0.7 * scenes.sceneMatchScore(scene.colors, productColors) + 0.3 * scenes.familyPreference(scene.family, product?.trim() || undefined);
  },
  async suggest(productColors, product) {
    // The same weights as scorer, on the colours each family would take from this palette.
    return (await load()).recommendScenes(productColors, product?.trim() || undefined).map(({ family, seed }) => ({ family, seed }));
  },
};
