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

export interface SceneEngine {
  render(request: { family: SceneFamily; seed: number; size: number }): Promise<RenderedScene>;
  /**
   * How well each scene suits one product (its palette, and its product words when known);
   * higher is better (only the order matters).
   */
  scorer(productColors: readonly string[], product?: string): Promise<SceneScorer>;
  /** Frees what rendering holds (a worker thread); rendering again starts it anew. */
  close?(): Promise<void>;
}

type SceneModule = (typeof import('@packsmith/design-engine'))['scenes'];
let loaded: Promise<SceneModule> | null = null;
const load = (): Promise<SceneModule> => (loaded ??= import('@packsmith/design-engine').then((m) => m.scenes));

/** The local procedural scenes (ARCHITECTURE §3: the default image generation). */
export const engineScenes: SceneEngine = {
  async render({ family, seed, size }) {
    const { png, meta } = await (await load()).renderScene({ family, seed, size });
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
};
