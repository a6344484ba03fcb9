import type { SceneCategory, SceneFamily, SceneLight } from '@packsmith/contracts';

export type { SceneFamily, SceneLight, SceneCategory };

export type SceneAspect = '1:1' | '4:3' | '3:4';

export interface SceneRequest {
  family: SceneFamily;
  /** Same family + seed + palette + size → the same bytes. */
  seed: number;
  /** The product's colours (hex, most important first): the scene's colours are derived from them. */
  palette?: readonly string[];
  /** Longer side in pixels (default SCENE_SIZE, 2048). */
  size?: number;
  aspect?: SceneAspect;
}

export interface SceneMeta {
  family: SceneFamily;
  category: SceneCategory;
  width: number;
  height: number;
  /** Where the light comes from; the scene's own shadows and highlights follow it. */
  light: SceneLight;
  /** 0–1 from the top: where a product standing in the scene touches the surface. */
  floorY: number;
  /** 0–1 from the top: where the floor meets the wall (or the sweep turns). */
  horizonY: number;
  /** Dominant colours of the rendered scene, hex, most used first. */
  colors: string[];
  /** Plain colour names of the dominant colours (see SCENE_COLOR_NAMES). */
  colorTags: string[];
  /** How the scene's colours relate to the product's. */
  scheme: SceneScheme;
  /** The sub-style the seed chose (e.g. seasonal "winter", marble "nero"). */
  variant: string;
}

export interface RenderedScene {
  png: Buffer;
  meta: SceneMeta;
  /** Milliseconds per stage (textures and layers, compositing, PNG encoding), for the benchmark. */
  timings: Record<string, number>;
}

export type SceneScheme = 'complementary' | 'analogous' | 'neutral';
