import type { CompositeRequest, CompositeResult, CutoutEngine, CutoutOptions, CutoutResult } from '@packsmith/vision';

/*
 * The one place the server reaches the vision engine (cut-out and compositing): a change of its
 * signatures is a change of this file only. Tests and buildApp options inject their own
 * PhotoshootVision (e.g. a compositor that fails on purpose).
 *
 * The package is imported on first use (like the optional drivers, docs/DECISIONS.md): it pulls in
 * onnxruntime and OpenCV, which a process that never cuts out (ROLE=api, most test servers) should
 * not pay for at start-up.
 */

export type { CompositeRequest, CompositeResult, CutoutResult };

export interface PhotoshootVision {
  /** Transparent cut-out of the product; throws CutoutRejected for a photo a person must change. */
  cutout(photo: Buffer, options?: CutoutOptions): Promise<CutoutResult>;
  /**
   * A run: the cut-out placed on a scene at the scene's full resolution in `variants` looks (the
   * scene decoded and the product placed once); without a placement the product stands centred on
   * the scene's floor line. `onEach` receives each variant as soon as it is ready.
   */
  compositeRun(request: Omit<CompositeRequest, 'variant'>, variants: number, onEach: (result: CompositeResult, index: number) => Promise<void>): Promise<void>;
  /**
   * The cut-out engine instance itself (the same model the photo shoot uses), for engines that
   * refine with it (the image tools' segment in a box). Optional: injected test visions may lack it.
   */
  cutoutEngine?(): Promise<CutoutEngine>;
  /** Loads the segmentation model ahead of the first cut-out. */
  warmUp(): Promise<void>;
  /** Frees the model (shutdown). */
  dispose(): Promise<void>;
}

export type CutoutRejection = 'no_product' | 'unreadable';

/**
 * The reason of the engine's CutoutRejected (a photo the user must change), or null for any other
 * error. Matched by name and reason rather than by class, so a remote adapter's copy counts too.
 */
export function cutoutRejection(err: unknown): CutoutRejection | null {
  if (!(err instanceof Error) || err.name !== 'CutoutRejected') return null;
  const reason = (err as Error & { reason?: unknown }).reason;
  return reason === 'no_product' || reason === 'unreadable' ? reason : null;
}

type VisionModule = typeof import('@packsmith/vision');

/**
 * The local engines. The cut-out engine (and its model, a few hundred MB in memory for ISNet) is
 * created on first use.
 */
export function createEngineVision(opts: { cutoutEngine: 'isnet' | 'grabcut' }): PhotoshootVision {
  let module: Promise<VisionModule> | null = null;
  let engine: Promise<CutoutEngine> | null = null;
  const load = (): Promise<VisionModule> => (module ??= import('@packsmith/vision'));
  const cutoutEngine = (): Promise<CutoutEngine> => {
    if (!engine) {
      const created = load().then((m) => m.createCutoutEngine({ engine: opts.cutoutEngine }));
      // A failed load (a missing model) is tried again on the next call instead of being remembered.
      created.catch(() => {
        if (engine === created) engine = null;
      });
      engine = created;
    }
    return engine;
  };
  return {
    cutout: async (photo, options) => (await cutoutEngine()).cutout(photo, options),
    compositeRun: async (request, variants, onEach) => {
      await (
        await load()
      ).compositeVariants(
        request,
        Array.from({ length: variants }, (_, i) => i),
        onEach,
      );
    },
    cutoutEngine,
    warmUp: async () => (await cutoutEngine()).warmUp(),
    async dispose() {
      const current = engine;
      engine = null;
      if (current) await (await current.catch(() => null))?.dispose();
    },
  };
}
