import { boxById, MATERIAL_TYPES, MaterialTypeSchema, type MaterialType } from '@packsmith/contracts';
import { previewModel, type PreviewModel } from '@packsmith/design-engine/preview3d';
import { Canvas } from '@react-three/fiber';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { NeutralToneMapping } from 'three';
import { neededUrls, printAssignments } from './assign';
import { CanvasBoundary } from '../../../components/CanvasBoundary';
import { Scene, type SceneApi } from './Scene';
import type { Preview3DProps } from './types';
import { useFaceTextures } from './use-face-textures';
import { FOV_DEG, viewCommandForKey, type ViewCommand } from './view';
import { prefersReducedMotion, subscribeReducedMotion, webgl2Available } from './webgl';

export type { Preview3DProps } from './types';

type State = 'loading' | 'ready' | 'error' | 'no-webgl';

const NO_WEBGL =
  'The 3D preview needs WebGL 2, which this browser or device has turned off or does not support. Turn on hardware acceleration in the browser settings, or try another browser; the mockup templates work without it.';

const button =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

function modelOf(boxId: number): { model: PreviewModel } | { error: string } {
  try {
    return { model: previewModel(boxId) };
  } catch {
    return { error: `There is no 3D preview for box type ${boxId}: choose a pack from the catalogue.` };
  }
}

/**
 * The mockup studio's live 3D preview: the chosen pack folded from its own dieline (cartons) or
 * built from its render3d mesh (bottles, cans, pouches…), dressed with the design's face images,
 * under studio light made on the device. Orbit, zoom and pan with a pointer or touch, or with the
 * keyboard when the view has focus; switch among the nine materials; open and close tuck ends and
 * mailers; take a PNG snapshot. Loaded lazily: `lazy(() => import('…/preview3d/Preview3D'))`.
 */
export default function Preview3D({ boxId, faces, background, material, onMaterialChange, onSnapshot, className }: Preview3DProps) {
  const webgl = useMemo(() => webgl2Available(), []);
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const built = useMemo(() => modelOf(boxId), [boxId]);
  const model = 'model' in built ? built.model : null;
  // By content, not identity: a page passing a fresh `faces` object each render rebuilds nothing.
  const facesKey = JSON.stringify(Object.entries(faces).sort(([a], [b]) => a.localeCompare(b)));
  const assignments = useMemo(() => (model ? printAssignments(model, Object.fromEntries(JSON.parse(facesKey) as [string, string][])) : []), [model, facesKey]);
  const boxName = boxById(model?.boxId ?? boxId)?.name ?? 'pack';

  // The material follows the prop, and the switch changes it here at once (the page may echo it back).
  const [chosen, setChosen] = useState<MaterialType>(material);
  const [prevMaterial, setPrevMaterial] = useState<MaterialType>(material);
  if (material !== prevMaterial) {
    setPrevMaterial(material);
    setChosen(material);
  }

  const [open, setOpen] = useState(0);
  const [openImmediate, setOpenImmediate] = useState(false);
  const [prevBox, setPrevBox] = useState(boxId);
  if (boxId !== prevBox) {
    setPrevBox(boxId);
    setOpen(0);
  }

  // Fetch and decode the face images at once, while the renderer starts.
  const urls = useMemo(() => (webgl ? neededUrls(assignments) : []), [webgl, assignments]);
  const textures = useFaceTextures(urls);
  const [readyFor, setReadyFor] = useState<PreviewModel | null>(null);
  const [lost, setLost] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [message, setMessage] = useState('');
  const api = useRef<SceneApi | null>(null);
  const stage = useRef<HTMLDivElement>(null);

  const onReady = useCallback(() => setReadyFor(model), [model]);

  const failedFaces = useMemo(() => {
    const failed = new Set(textures.failed);
    return [...new Set(assignments.filter((a) => a.url !== null && failed.has(a.url)).map((a) => a.face ?? 'front'))];
  }, [textures, assignments]);

  const openable = model?.kind === 'folded' && model.openable;
  const state: State = !model ? 'error' : !webgl ? 'no-webgl' : lost ? 'error' : readyFor === model && textures.status === 'ready' ? 'ready' : 'loading';

  const run = (c: ViewCommand) => api.current?.command(c);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const c = viewCommandForKey(e.key, e.shiftKey);
    if (!c) return;
    e.preventDefault();
    run(c);
  }

  async function snapshot() {
    if (!api.current || !onSnapshot) return;
    try {
      const png = await api.current.snapshot();
      if (!png) {
        setMessage('The snapshot could not be made: this browser gave no image of the view.');
        return;
      }
      onSnapshot(png);
      setMessage('Snapshot taken.');
    } catch {
      setMessage('The snapshot could not be made.');
    }
  }

  function toggleOpen() {
    setOpenImmediate(false);
    setOpen((o) => (o > 0.5 ? 0 : 1));
  }

  const openPercent = Math.round(open * 100);
  const errorText = !model && 'error' in built ? built.error : lost ? 'The 3D view lost its graphics context (the device may be short of memory).' : '';

  return (
    <div className={`flex w-full flex-col gap-3 ${className ?? ''}`} data-preview3d-state={state} data-testid="preview3d">
      <div
        ref={stage}
        tabIndex={0}
        role="application"
        aria-roledescription="3D viewer"
        aria-label={`3D preview of the ${boxName}. Drag or use the arrow keys to turn it, + and − to zoom, 0 to reset the view.`}
        aria-busy={state === 'loading'}
        onKeyDown={onKeyDown}
        onPointerDown={() => stage.current?.focus({ preventScroll: true })}
        className="relative aspect-[4/3] w-full touch-none overflow-hidden rounded-xl border border-slate-200 bg-slate-100 select-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2 sm:aspect-[16/10]"
      >
        {errorText || state === 'no-webgl' ? (
          <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
            <p className="max-w-md">{errorText || NO_WEBGL}</p>
            {lost ? (
              <button
                type="button"
                className={button}
                onClick={() => {
                  setLost(false);
                  setReadyFor(null);
                  setAttempt((a) => a + 1);
                }}
              >
                Try again
              </button>
            ) : null}
          </div>
        ) : model ? (
          <CanvasBoundary
            fallback={(detail) => (
              <div role="alert" className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-700">
                <p className="max-w-md">
                  {NO_WEBGL} <span className="block pt-2 text-xs text-slate-500">({detail})</span>
                </p>
              </div>
            )}
          >
            <Canvas
              key={attempt}
              frameloop="demand"
              dpr={[1, 2]}
              performance={{ min: 0.5, debounce: 250 }}
              camera={{ fov: FOV_DEG, near: 1, far: 20000, position: [300, 200, 400] }}
              gl={{ preserveDrawingBuffer: true, antialias: true, powerPreference: 'high-performance' }}
              onCreated={({ gl }) => {
                gl.toneMapping = NeutralToneMapping;
                gl.domElement.addEventListener('webglcontextlost', (e) => {
                  e.preventDefault();
                  setLost(true);
                });
              }}
              aria-hidden="true"
            >
              <Scene
                model={model}
                assignments={assignments}
                material={chosen}
                background={background}
                open={openable ? open : 0}
                openImmediate={openImmediate}
                reducedMotion={reducedMotion}
                api={api}
                textures={textures}
                onReady={onReady}
              />
            </Canvas>
            {state === 'loading' ? (
              <div className="pointer-events-none absolute inset-x-0 top-3 flex justify-center">
                <span className="rounded-full bg-white/90 px-3 py-1 text-xs font-medium text-slate-600 shadow-sm">Loading the design’s faces…</span>
              </div>
            ) : null}
          </CanvasBoundary>
        ) : null}
      </div>

      {failedFaces.length > 0 ? (
        <p role="alert" className="text-sm text-amber-800">
          {`The ${failedFaces.join(', ')} image${failedFaces.length > 1 ? 's' : ''} could not be loaded; ${failedFaces.length > 1 ? 'they show' : 'it shows'} in the background colour.`}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="3D preview controls">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Material</span>
          <select
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
            value={chosen}
            onChange={(e) => {
              const parsed = MaterialTypeSchema.safeParse(e.target.value);
              if (!parsed.success) return;
              setChosen(parsed.data);
              onMaterialChange?.(parsed.data);
            }}
          >
            {MATERIAL_TYPES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>

        {openable ? (
          <div className="flex items-center gap-2">
            <button type="button" className={button} aria-pressed={open > 0.5} onClick={toggleOpen} disabled={state !== 'ready'}>
              {open > 0.5 ? 'Close' : 'Open'}
            </button>
            <input
              type="range"
              min={0}
              max={100}
              step={1}
              value={openPercent}
              aria-label="How far the box is open"
              aria-valuetext={`${openPercent} % open`}
              className="w-28 accent-violet-600"
              onChange={(e) => {
                setOpenImmediate(true);
                setOpen(Number(e.target.value) / 100);
              }}
            />
          </div>
        ) : null}

        <div className="flex items-center gap-1">
          <button type="button" className={button} aria-label="Zoom in" onClick={() => run({ kind: 'zoom', factor: 1 / 1.2 })}>
            +
          </button>
          <button type="button" className={button} aria-label="Zoom out" onClick={() => run({ kind: 'zoom', factor: 1.2 })}>
            −
          </button>
          <button type="button" className={button} aria-label="Reset view" onClick={() => run({ kind: 'reset' })}>
            Reset view
          </button>
        </div>

        {onSnapshot ? (
          <button type="button" className={`${button} sm:ml-auto`} onClick={() => void snapshot()} disabled={state !== 'ready'}>
            Snapshot
          </button>
        ) : null}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {state === 'loading' ? 'Loading the 3D preview.' : message}
      </p>
    </div>
  );
}
