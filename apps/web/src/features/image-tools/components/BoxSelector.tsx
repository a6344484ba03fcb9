import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { ImageBox } from '@packsmith/contracts';
import { normaliseBox, toImagePoint, type Point, type Size } from '../geometry';
import { useImageTools, useImageToolsController } from '../image-tools-context';

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

/** Drag a box around an object (mouse or touch), any direction; it is kept inside the image. Esc drops it. */
export function BoxSelector({ size }: { size: Size }) {
  const { store } = useImageToolsController();
  const box = useImageTools((s) => s.box);
  const disabled = useImageTools((s) => s.run !== null);
  const start = useRef<{ id: number; at: Point } | null>(null);
  const [drag, setDrag] = useState<ImageBox | null>(null);

  useEffect(() => {
    if (!drag) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Before the dialog's own Escape: this one only cancels the box being drawn.
      e.stopPropagation();
      start.current = null;
      setDrag(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [drag]);

  const pointOf = (e: PointerEvent<HTMLDivElement>) => toImagePoint({ x: e.clientX, y: e.clientY }, e.currentTarget.getBoundingClientRect(), size);
  const shown = drag ?? box;
  return (
    <div
      className={`absolute inset-0 touch-none ${disabled ? 'pointer-events-none' : 'cursor-crosshair'}`}
      data-testid="box-selector"
      aria-label="Draw a box around the object"
      role="img"
      onPointerDown={(e) => {
        if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        start.current = { id: e.pointerId, at: pointOf(e) };
        setDrag(null);
      }}
      onPointerMove={(e) => {
        const s = start.current;
        if (!s || s.id !== e.pointerId) return;
        setDrag(normaliseBox(s.at, pointOf(e), size, 1));
      }}
      onPointerUp={(e) => {
        const s = start.current;
        if (!s || s.id !== e.pointerId) return;
        start.current = null;
        setDrag(null);
        const next = normaliseBox(s.at, pointOf(e), size);
        if (next) store.getState().patch({ box: next, notice: null, error: null });
      }}
      onPointerCancel={() => {
        start.current = null;
        setDrag(null);
      }}
    >
      {shown && (
        <div
          className="pointer-events-none absolute border-2 border-dashed border-violet-500 bg-violet-500/15"
          data-testid="box-outline"
          style={{
            left: pct(shown.x, size.width),
            top: pct(shown.y, size.height),
            width: pct(shown.width, size.width),
            height: pct(shown.height, size.height),
          }}
        />
      )}
    </div>
  );
}
