import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { dragPlacement, zoomPlacement, type Placement } from '../placement';

interface PointerAt {
  x: number;
  y: number;
}

type Gesture =
  | { mode: 'move'; pointerId: number; start: Placement; from: PointerAt; last: PointerAt }
  | { mode: 'pinch'; start: Placement; distance: number; pointers: Map<number, PointerAt> };

/** How long a run of ctrl+wheel (a trackpad pinch) waits before it becomes one undo step. */
const WHEEL_COMMIT_MS = 300;

const distance = (points: Iterable<PointerAt>) => {
  const [a, b] = [...points];
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

/**
 * Pointer gestures on the print area (mouse, pen and touch alike): drag to move the design, two
 * fingers or ctrl+wheel (a trackpad pinch) to resize it. The gesture in flight stays here as `live`;
 * only the finished one is committed, so it is one step in the undo history.
 */
export function usePlacementGestures(
  frame: RefObject<HTMLElement | null>,
  area: RefObject<HTMLElement | null>,
  committed: Placement,
  commit: (p: Placement) => void,
) {
  const [live, setLiveState] = useState<Placement | null>(null);
  const liveRef = useRef<Placement | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const latest = useRef({ committed, commit });
  useEffect(() => {
    latest.current = { committed, commit };
  });
  const setLive = (p: Placement | null) => {
    liveRef.current = p;
    setLiveState(p);
  };

  const frameSize = () => {
    const r = frame.current?.getBoundingClientRect();
    return { width: r?.width ?? 0, height: r?.height ?? 0 };
  };

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    const at = { x: e.clientX, y: e.clientY };
    const g = gesture.current;
    if (g?.mode === 'move' && g.pointerId !== e.pointerId) {
      // A second finger: the drag becomes a pinch from where it is now.
      const pointers = new Map([
        [g.pointerId, g.last],
        [e.pointerId, at],
      ]);
      gesture.current = { mode: 'pinch', start: liveRef.current ?? g.start, distance: distance(pointers.values()), pointers };
      return;
    }
    if (g) return;
    e.preventDefault();
    gesture.current = { mode: 'move', pointerId: e.pointerId, start: latest.current.committed, from: at, last: at };
    setLive(latest.current.committed);
    frame.current?.focus({ preventScroll: true });
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    const g = gesture.current;
    if (!g) return;
    if (g.mode === 'move') {
      if (g.pointerId !== e.pointerId) return;
      g.last = { x: e.clientX, y: e.clientY };
      setLive(dragPlacement(g.start, e.clientX - g.from.x, e.clientY - g.from.y, frameSize()));
    } else if (g.pointers.has(e.pointerId)) {
      g.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const d = distance(g.pointers.values());
      if (g.distance > 0 && d > 0) setLive(zoomPlacement(g.start, d / g.distance));
    }
  };

  const onPointerEnd = (e: ReactPointerEvent, keep: boolean) => {
    const g = gesture.current;
    if (!g) return;
    if (g.mode === 'move' && g.pointerId !== e.pointerId) return;
    if (g.mode === 'pinch' && !g.pointers.has(e.pointerId)) return;
    gesture.current = null;
    const final = liveRef.current;
    if (keep && final) latest.current.commit(final);
    setLive(null);
  };

  // Ctrl+wheel is a trackpad pinch: the page must not zoom, so the listener cannot be passive.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const from = liveRef.current ?? latest.current.committed;
      const next = zoomPlacement(from, Math.exp(-e.deltaY / 300));
      liveRef.current = next;
      setLiveState(next);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const final = liveRef.current;
        liveRef.current = null;
        setLiveState(null);
        if (final) latest.current.commit(final);
      }, WHEEL_COMMIT_MS);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
      clearTimeout(timer);
    };
  }, [area]);

  const cancel = () => {
    if (!gesture.current) return false;
    gesture.current = null;
    setLive(null);
    return true;
  };

  return { live, onPointerDown, onPointerMove, onPointerEnd, cancel };
}
