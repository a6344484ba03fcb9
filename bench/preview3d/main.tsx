/*
 * Harness page for the 3D preview's browser checks and bench (bench/preview3d.bench.mjs,
 * e2e/preview3d.e2e.test.ts): mounts the real component, loaded lazily as the mockup page does,
 * with face images served next to it under /files/. Query: box, material, faces (comma list),
 * background, width (the page's max width in px; default 1024). What the checks read is on
 * `window.preview3dHarness`.
 */
import { MaterialTypeSchema } from '@packsmith/contracts';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './harness.css';

const Preview3D = lazy(() =>
  import('../../apps/web/src/features/mockup/preview3d/Preview3D').then((m) => {
    state.chunkAt = performance.now();
    return m;
  }),
);

interface HarnessState {
  /** performance.now() when this page's script ran, the lazy preview chunk had loaded, the preview was ready. */
  readonly startedAt: number;
  chunkAt: number | null;
  readyAt: number | null;
  snapshots: { size: number; type: string; signature: number[] }[];
  materials: string[];
}

declare global {
  interface Window {
    preview3dHarness: HarnessState;
  }
}

const q = new URLSearchParams(location.search);
const boxId = Number(q.get('box') ?? '101');
const material = MaterialTypeSchema.catch('WHITE_BOARD').parse(q.get('material') ?? 'WHITE_BOARD');
const faceNames = (q.get('faces') ?? 'front,back,left,right,top,bottom').split(',').filter(Boolean);
const faces = Object.fromEntries(faceNames.map((f) => [f, `/files/face-${f}.png`]));
const background = q.get('background') ?? '#2f6f5e';
const width = Number(q.get('width') ?? '1024');

const state: HarnessState = { startedAt: performance.now(), chunkAt: null, readyAt: null, snapshots: [], materials: [] };
window.preview3dHarness = state;
// The preview says `data-preview3d-state="ready"` once the first frame with every face image is drawn.
new MutationObserver(() => {
  if (state.readyAt === null && document.querySelector('[data-preview3d-state="ready"]')) state.readyAt = performance.now();
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-preview3d-state'], childList: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="mx-auto w-full p-3" style={{ maxWidth: `${width}px` }}>
      <Suspense fallback={<p>Loading the 3D preview…</p>}>
        <Preview3D
          boxId={boxId}
          faces={faces}
          background={background}
          material={material}
          onMaterialChange={(m) => state.materials.push(m)}
          onSnapshot={(png) => {
            void png.arrayBuffer().then((b) => state.snapshots.push({ size: png.size, type: png.type, signature: [...new Uint8Array(b.slice(0, 8))] }));
          }}
        />
      </Suspense>
    </main>
  </StrictMode>,
);
