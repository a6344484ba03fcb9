/**
 * The design pipeline: brief → designs laid out on the chosen box's real dieline, each with
 * its packshot, flat front panel and print file cut from the same artwork.
 */
import { allFaces } from '../artwork/fonts.js';
import { warmUpThread } from './warm-up.js';
import { designWorkers } from './worker-pool.js';

export {
  DesignRequestError,
  renderDesignSet,
  type DesignImagery,
  type DesignSetBrief,
  type DesignSetRequest,
  type RenderedDesign,
} from './render-design-set.js';
export { backdropAspect, boxModel, DEFAULT_BOX_ID, UnknownBoxError, type BoxModel } from './box-model/index.js';
export { composeFaceAtlas, renderAtlasFace, type AtlasRect, type FaceAtlas } from './face-atlas.js';
export { closeDesignWorkers, setDesignThreads } from './worker-pool.js';

/**
 * Loads fonts and icons and runs the renderer once on every pipeline thread, so the first
 * real request is as fast as the rest. Call once at server start; safe to call again.
 */
export async function warmUp(): Promise<void> {
  allFaces();
  const pool = designWorkers();
  await (pool ? pool.warmUp() : warmUpThread());
}
