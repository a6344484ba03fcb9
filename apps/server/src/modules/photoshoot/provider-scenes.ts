import { scenes } from '@packsmith/design-engine';
import type { ImageProvider } from '../../engines/imagery/image-provider.js';
import type { FileService } from '../files/index.js';

/*
 * Scenes from the remote image engine (IMAGE_PROVIDER=openai|comfyui), recommended first after a
 * cut-out, next to the curated procedural ones. They are empty backdrops only — the product is
 * always our own cut-out, composited by the local engine — and stored as the user's files, so the
 * background call accepts them like an uploaded background.
 */

/** Backdrops asked for per cut-out. */
export const PROVIDER_SCENE_COUNT = 2;
/** 4:3 landscape like the curated scenes; the adapter picks its engine's nearest size. */
const WIDTH = 1536;
const HEIGHT = 1152;

export type ProviderScenes = (request: { userId: string; palette: readonly string[]; product: string; signal: AbortSignal }) => Promise<string[]>;

/** The prompt: an empty studio surface whose colours set the product off (named, not hex: engines read words). */
export function providerScenePrompt(palette: readonly string[], product: string): { prompt: string; negativePrompt: string } {
  const names = [...new Set(palette.slice(0, 3).map((hex) => scenes.colorName(hex)))];
  const tone = scenes.productTone(palette);
  // A dark product stands out on a light scene, a light one on a deeper scene.
  const mood = tone.l < 0.5 ? 'light, airy' : 'rich, softly shaded';
  const subject = product.trim() ? ` for a ${product.trim().slice(0, 60)} product shot` : '';
  return {
    prompt:
      `Professional product photography backdrop${subject}: an empty tabletop surface meeting a plain wall, ${mood} colours ` +
      `that complement ${names.length ? names.join(' and ') : 'the product'}, soft directional daylight from the upper left, ` +
      'shallow depth of field, photorealistic, high detail, nothing standing on the surface.',
    negativePrompt: 'text, letters, words, logo, watermark, product, bottle, box, package, people, hands, clutter',
  };
}

export function createProviderScenes(deps: { provider: ImageProvider; files: Pick<FileService, 'saveGenerated'> }): ProviderScenes {
  return async ({ userId, palette, product, signal }) => {
    const { prompt, negativePrompt } = providerScenePrompt(palette, product);
    const images = await deps.provider.generate({ prompt, negativePrompt, width: WIDTH, height: HEIGHT, count: PROVIDER_SCENE_COUNT, signal });
    const urls: string[] = [];
    for (const bytes of images.slice(0, PROVIDER_SCENE_COUNT)) urls.push((await deps.files.saveGenerated(userId, bytes)).url);
    return urls;
  };
}
