import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { usePhotoShootStore } from '../../../stores/photo-shoot.store';
import { beginPlacement, commitPlacement, redoPlacement, resetPlacement, undoPlacement } from '../photoshoot-controller';
import { usePhotoshootSession } from '../photoshoot-session.store';
import {
  DEFAULT_FLOOR_Y,
  NO_GUIDES,
  SNAP_DISTANCE,
  canvasSize,
  clampBox,
  keyboardChange,
  moveBox,
  resizeFromCorner,
  rotateFromPointer,
  screenToCanvas,
  snapBox,
  type Back,
  type Box,
  type Corner,
  type Guides,
  type Point,
} from '../placement';
import { useImageSize } from '../use-image-size';

type Gesture = { mode: 'move' | 'resize' | 'rotate'; corner: Corner; pointerId: number; start: Box; from: Point };

/** Screen pixels within which a guide pulls the product onto it, whatever the canvas's shown size. */
const SNAP_SCREEN_PX = 6;
const CORNER_CURSORS = ['nwse-resize', 'nesw-resize', 'nwse-resize', 'nesw-resize'] as const;
const CORNER_POS = ['-left-2.5 -top-2.5', '-right-2.5 -top-2.5', '-right-2.5 -bottom-2.5', '-left-2.5 -bottom-2.5'] as const;

/** The width the canvas is shown at: the container's, but never taller than most of the viewport. */
function useDisplayWidth(el: HTMLDivElement | null, back: Back | null): number {
  const [width, setWidth] = useState(0);
  const [maxHeight, setMaxHeight] = useState(() => (typeof window === 'undefined' ? 640 : Math.max(240, Math.min(window.innerHeight * 0.65, 720))));
  useEffect(() => {
    if (!el) return;
    const measure = () => {
      setWidth(el.clientWidth);
      setMaxHeight(Math.max(240, Math.min(window.innerHeight * 0.65, 720)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  if (!back) return width;
  const byHeight = (maxHeight * back.backW) / back.backH;
  return Math.max(0, Math.min(width || byHeight, byHeight));
}

function describe(box: Box): string {
  return `Centre at ${Math.round(box.cx)}, ${Math.round(box.cy)}; ${Math.round(box.w)} by ${Math.round(box.h)} pixels; rotated ${Math.round(box.rotation)} degrees.`;
}

/**
 * Step 4: the 1024 placement canvas (SPEC §9), scaled to fit the screen. The product is dragged to
 * move it, resized from a corner with its aspect locked, turned with the top handle, and pulled onto
 * the vertical centre line and the scene's floor line, with guides. Keyboard: arrows 1 px (shift
 * 10 px), [ and ] rotate, + and − resize, ctrl+z / ctrl+shift+z undo and redo. Pointer events, so
 * touch works too. The gesture in flight lives here; each finished one is committed to the history.
 */
export function PlacementCanvas() {
  const backgroundUrl = usePhotoShootStore((s) => s.photoShootInfo.backgroundUrl);
  const transparentUrl = usePhotoShootStore((s) => s.photoShootInfo.transparentUrl);
  const scene = usePhotoshootSession((s) => (backgroundUrl ? s.scenes[backgroundUrl] : undefined));
  const coordinates = usePhotoshootSession((s) => s.coordinates);
  const edit = usePhotoshootSession((s) => s.placement);
  const floorY = scene?.floorY ?? DEFAULT_FLOOR_Y;
  const sceneSize = useImageSize(backgroundUrl || null, scene?.size ?? null);
  const cutoutKnown = coordinates && coordinates.cropWidth > 0 && coordinates.cropHeight > 0 ? { width: coordinates.cropWidth, height: coordinates.cropHeight } : null;
  const cutoutSize = useImageSize(transparentUrl || null, cutoutKnown);
  const back = sceneSize ? canvasSize(sceneSize) : null;

  // A state, not a ref: the measured element changes when the placeholder gives way to the canvas.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const product = useRef<HTMLDivElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const liveRef = useRef<Box | null>(null);
  const [live, setLiveState] = useState<Box | null>(null);
  const [guides, setGuides] = useState<Guides>(NO_GUIDES);
  const [announcement, setAnnouncement] = useState('');
  const helpId = useId();
  const displayWidth = useDisplayWidth(container, back);

  useEffect(() => {
    if (back && cutoutSize && transparentUrl && backgroundUrl) beginPlacement(backgroundUrl, back, cutoutSize, floorY);
    // back and cutoutSize are new objects each render: their numbers are what matter.
  }, [backgroundUrl, transparentUrl, back?.backW, back?.backH, cutoutSize?.width, cutoutSize?.height, floorY]);

  const setLive = (box: Box | null) => {
    liveRef.current = box;
    setLiveState(box);
  };

  if (!transparentUrl || !backgroundUrl) {
    return (
      <div ref={setContainer} className="flex aspect-[4/3] w-full items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 text-center text-sm text-slate-500" data-testid="placement-empty">
        {!transparentUrl ? 'Your cut-out product appears here, ready to place, once it is cut out.' : 'Choose a scene to place your product on.'}
      </div>
    );
  }

  const ready = edit !== null && back !== null && edit.sceneUrl === backgroundUrl;
  const box = live ?? (ready ? edit.history.present : null);
  const scale = back && displayWidth > 0 ? displayWidth / back.backW : 1;
  const displayHeight = back ? displayWidth * (back.backH / back.backW) : 0;

  const toCanvas = (e: { clientX: number; clientY: number }): Point | null => {
    const el = stage.current;
    if (!el || !back) return null;
    const r = el.getBoundingClientRect();
    return screenToCanvas({ x: e.clientX, y: e.clientY }, { left: r.left, top: r.top, width: r.width || displayWidth }, back);
  };

  const startGesture = (mode: Gesture['mode'], corner: Corner = 0) => (e: ReactPointerEvent) => {
    if (!box || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const from = toCanvas(e);
    if (!from) return;
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    gesture.current = { mode, corner, pointerId: e.pointerId, start: box, from };
    setLive(box);
    product.current?.focus({ preventScroll: true });
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId || !back) return;
    const p = toCanvas(e);
    if (!p) return;
    let next: Box;
    let shown: Guides = NO_GUIDES;
    if (g.mode === 'move') {
      const snapped = snapBox(moveBox(g.start, p.x - g.from.x, p.y - g.from.y), back, floorY, Math.max(SNAP_DISTANCE, SNAP_SCREEN_PX / scale));
      next = snapped.box;
      shown = snapped.guides;
    } else if (g.mode === 'resize') {
      next = resizeFromCorner(g.start, g.corner, p);
    } else {
      next = rotateFromPointer(g.start, g.from, p, e.shiftKey ? 15 : 0);
    }
    setGuides(shown);
    setLive(clampBox(next, back));
  };

  const endGesture = (e: ReactPointerEvent, keep: boolean) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = null;
    const final = liveRef.current;
    if (keep && final) {
      commitPlacement(final);
      const said = [guides.centre ? 'the centre line' : '', guides.floor ? 'the floor line' : ''].filter(Boolean).join(' and ');
      setAnnouncement(said ? `Snapped to ${said}.` : '');
    }
    setLive(null);
    setGuides(NO_GUIDES);
  };

  const onProductKey = (e: KeyboardEvent) => {
    if (!box || !back || e.ctrlKey || e.metaKey || e.altKey) return;
    const next = keyboardChange(box, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    const clamped = clampBox(next, back);
    commitPlacement(clamped);
    setAnnouncement(describe(clamped));
  };

  const onAreaKey = (e: KeyboardEvent) => {
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (key === 'z' || key === 'y')) {
      e.preventDefault();
      if (key === 'y' || e.shiftKey) redoPlacement();
      else undoPlacement();
      return;
    }
    if (e.key === 'Escape' && gesture.current) {
      e.preventDefault();
      gesture.current = null;
      setLive(null);
      setGuides(NO_GUIDES);
    }
  };

  const canUndo = ready && edit.history.past.length > 0;
  const canRedo = ready && edit.history.future.length > 0;
  const pct = (v: number, of: number) => `${(v / of) * 100}%`;

  return (
    <div onKeyDown={onAreaKey} data-testid="placement">
      <div ref={setContainer} className="w-full">
        {!back || !box ? (
          <div className="aspect-[4/3] w-full animate-pulse rounded-xl bg-slate-100" aria-label="Loading the scene" role="img" />
        ) : (
          <div
            ref={stage}
            role="group"
            aria-label="Placement canvas"
            className="relative mx-auto select-none overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-inner"
            style={{ width: displayWidth, height: displayHeight }}
            onPointerMove={onPointerMove}
            onPointerUp={(e) => endGesture(e, true)}
            onPointerCancel={(e) => endGesture(e, false)}
            data-testid="placement-stage"
            data-canvas-width={back.backW}
            data-canvas-height={back.backH}
          >
            <img src={backgroundUrl} alt={scene ? `Scene: ${scene.name}` : 'Chosen scene'} draggable={false} className="pointer-events-none absolute inset-0 h-full w-full" />
            {live && (
              <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 border-t border-dashed border-white/70" style={{ top: pct(floorY * back.backH, back.backH) }} />
            )}
            {guides.centre && <div aria-hidden="true" data-testid="guide-centre" className="pointer-events-none absolute inset-y-0 w-px -translate-x-1/2 bg-fuchsia-500" style={{ left: '50%' }} />}
            {guides.floor && <div aria-hidden="true" data-testid="guide-floor" className="pointer-events-none absolute inset-x-0 h-px -translate-y-1/2 bg-fuchsia-500" style={{ top: pct(floorY * back.backH, back.backH) }} />}
            <div
              ref={product}
              tabIndex={0}
              role="group"
              aria-roledescription="movable product"
              aria-label={`Your product. ${describe(box)}`}
              aria-describedby={helpId}
              onKeyDown={onProductKey}
              onPointerDown={startGesture('move')}
              className="group absolute cursor-move touch-none outline-none"
              style={{
                left: pct(box.cx - box.w / 2, back.backW),
                top: pct(box.cy - box.h / 2, back.backH),
                width: pct(box.w, back.backW),
                height: pct(box.h, back.backH),
                transform: `rotate(${box.rotation}deg)`,
              }}
              data-testid="placement-product"
              data-left={Math.round(box.cx - box.w / 2)}
              data-top={Math.round(box.cy - box.h / 2)}
              data-rotation={Math.round(box.rotation)}
            >
              <img src={transparentUrl} alt="" draggable={false} className="pointer-events-none h-full w-full" />
              <div aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-sm border border-dashed border-violet-500/80 group-focus-visible:border-2 group-focus-visible:border-solid group-focus-visible:border-violet-600" />
              {/* The rotate handle: above the top edge, on a stem. */}
              <div aria-hidden="true" className="pointer-events-none absolute -top-7 left-1/2 h-7 w-px -translate-x-1/2 bg-violet-500" />
              <div
                aria-hidden="true"
                onPointerDown={startGesture('rotate')}
                className="absolute -top-11 left-1/2 flex h-7 w-7 -translate-x-1/2 cursor-grab touch-none items-center justify-center"
                data-testid="rotate-handle"
              >
                <span className="h-4 w-4 rounded-full border-2 border-violet-600 bg-white shadow" />
              </div>
              {([0, 1, 2, 3] as const).map((c) => (
                <div
                  key={c}
                  aria-hidden="true"
                  onPointerDown={startGesture('resize', c)}
                  className={`absolute flex h-5 w-5 touch-none items-center justify-center ${CORNER_POS[c]}`}
                  style={{ cursor: CORNER_CURSORS[c] }}
                  data-testid={`resize-handle-${c}`}
                >
                  <span className="h-3 w-3 rounded-sm border-2 border-violet-600 bg-white shadow" />
                </div>
              ))}
            </div>
          </div>
        )}
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={!canUndo} onClick={undoPlacement} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={!canRedo} onClick={redoPlacement} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={!ready} onClick={() => resetPlacement(floorY)}>
          Reset
        </button>
        {box && (
          <span className="ml-auto text-xs tabular-nums text-slate-500" data-testid="placement-readout">
            {Math.round(box.w)} × {Math.round(box.h)} px · {Math.round(box.rotation)}°
          </span>
        )}
      </div>
      <p id={helpId} className="mt-2 text-xs leading-relaxed text-slate-500">
        Drag the product to move it; drag a corner to resize it or the round handle to turn it. It snaps to the centre line and the floor. Keyboard: arrow keys move it (Shift for 10 px), [ and ] turn it, + and − resize it, Ctrl+Z undoes.
      </p>
      <p className="sr-only" aria-live="polite" data-testid="placement-announcer">
        {announcement}
      </p>
    </div>
  );
}
