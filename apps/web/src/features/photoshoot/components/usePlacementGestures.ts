import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { clampBox, moveBox, resizeFromCorner, rotateFromPointer, screenToCanvas, type Back, type Box, type Corner, type Point } from '../placement';
import type { PlacementSnapping } from './usePlacementSnapping';

type GestureMode = 'move' | 'resize' | 'rotate';
type Gesture = { mode: GestureMode; corner: Corner; pointerId: number; start: Box; from: Point };

interface GestureOptions {
  /** The placement as committed (null while there is none for this scene). */
  committed: Box | null;
  back: Back | null;
  stage: RefObject<HTMLDivElement | null>;
  product: RefObject<HTMLDivElement | null>;
  displayWidth: number;
  snapping: PlacementSnapping;
  commit(box: Box): void;
  announce(text: string): void;
}

export interface PlacementGestures {
  /** The box in flight while a gesture runs; null otherwise. */
  live: Box | null;
  /** The pointer-down handler that starts a gesture on the product or one of its handles. */
  start(mode: GestureMode, corner?: Corner): (e: ReactPointerEvent) => void;
  onPointerMove(e: ReactPointerEvent): void;
  /** The gesture's pointer went up (kept) or was cancelled (dropped). */
  end(e: ReactPointerEvent, keep: boolean): void;
  /** Drops the gesture in flight (Escape); false when there was none. */
  cancel(): boolean;
}

/**
 * Pointer gestures on the product (mouse, pen and touch alike): drag to move (snapping onto the
 * guides), a corner to resize with the aspect locked, the top handle to turn (shift: 15° steps). The
 * gesture in flight stays here; only a finished one is committed to the history.
 */
export function usePlacementGestures({ committed, back, stage, product, displayWidth, snapping, commit, announce }: GestureOptions): PlacementGestures {
  const gesture = useRef<Gesture | null>(null);
  // A ref beside the state: the pointer-up handler needs the last box before React renders it.
  const liveRef = useRef<Box | null>(null);
  const [live, setLiveState] = useState<Box | null>(null);
  const setLive = (box: Box | null) => {
    liveRef.current = box;
    setLiveState(box);
  };
  const box = live ?? committed;

  const toCanvas = (e: { clientX: number; clientY: number }): Point | null => {
    const el = stage.current;
    if (!el || !back) return null;
    const r = el.getBoundingClientRect();
    return screenToCanvas({ x: e.clientX, y: e.clientY }, { left: r.left, top: r.top, width: r.width || displayWidth }, back);
  };

  const start =
    (mode: GestureMode, corner: Corner = 0) =>
    (e: ReactPointerEvent) => {
      if (!box || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const from = toCanvas(e);
      if (!from) return;
      e.preventDefault();
      e.stopPropagation();
      e.currentTarget.setPointerCapture?.(e.pointerId);
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
    if (g.mode === 'move') {
      next = snapping.snap(moveBox(g.start, p.x - g.from.x, p.y - g.from.y));
    } else {
      snapping.clear();
      next = g.mode === 'resize' ? resizeFromCorner(g.start, g.corner, p) : rotateFromPointer(g.start, g.from, p, e.shiftKey ? 15 : 0);
    }
    setLive(clampBox(next, back));
  };

  const end = (e: ReactPointerEvent, keep: boolean) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = null;
    const final = liveRef.current;
    if (keep && final) {
      commit(final);
      announce(snapping.snappedTo ? `Snapped to ${snapping.snappedTo}.` : '');
    }
    setLive(null);
    snapping.clear();
  };

  const cancel = () => {
    if (!gesture.current) return false;
    gesture.current = null;
    setLive(null);
    snapping.clear();
    return true;
  };

  return { live, start, onPointerMove, end, cancel };
}
