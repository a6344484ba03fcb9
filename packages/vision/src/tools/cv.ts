/**
 * The part of opencv.js the image tools use, on top of the cut-out's loader (which already waits
 * for onRuntimeInitialized, the opencv-js 4.x trap). Its bundled typings are a 3 MB namespace.
 */
import { loadOpenCv } from '../cutout/grabcut.js';

export interface CvMat {
  data: Uint8Array;
  delete(): void;
}

export interface ToolsCv {
  Mat: new () => CvMat;
  Rect: new (x: number, y: number, w: number, h: number) => unknown;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  INPAINT_NS: number;
  GC_BGD: number;
  GC_FGD: number;
  GC_PR_BGD: number;
  GC_PR_FGD: number;
  GC_INIT_WITH_RECT: number;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
  grabCut(img: CvMat, mask: CvMat, rect: unknown, bgd: CvMat, fgd: CvMat, iterations: number, mode: number): void;
  setRNGSeed(seed: number): void;
}

export async function loadToolsCv(): Promise<ToolsCv> {
  return (await loadOpenCv()) as unknown as ToolsCv;
}

/** Runs `body` with a list that collects the Mats it makes, and frees them all afterwards (WASM heap). */
export function withMats<T>(body: (keep: <M extends CvMat>(m: M) => M) => T): T {
  const mats: CvMat[] = [];
  try {
    return body((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}
