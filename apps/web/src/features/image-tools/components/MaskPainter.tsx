import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { brushImagePx, brushScreenPx, toImagePoint, type Point, type Size } from '../geometry';
import { useImageTools, useImageToolsController } from '../image-tools-context';
import { drawStrokes, type Stroke } from '../mask';

/** Strokes are drawn opaque and the canvas shown semi-transparent, so overlaps do not darken. */
const PAINT = 'rgb(139, 92, 246)';

/**
 * The brush over the image: a canvas of the image's natural size (so strokes are in image pixels),
 * stretched over the shown image. Mouse, pen and touch through pointer events; the stroke in flight
 * stays here and becomes one stroke of the store when the pointer lifts.
 */
export function MaskPainter({ size }: { size: Size }) {
  const { store } = useImageToolsController();
  const strokes = useImageTools((s) => s.strokes);
  const eraseScale = useImageTools((s) => s.eraseScale);
  const disabled = useImageTools((s) => s.run !== null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const live = useRef<{ id: number; stroke: Stroke } | null>(null);
  const [ring, setRing] = useState<{ x: number; y: number; d: number } | null>(null);

  const redraw = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    ctx.clearRect(0, 0, c.width, c.height);
    drawStrokes(ctx, live.current ? [...strokes, live.current.stroke] : strokes, PAINT);
  };
  useEffect(redraw);

  const pointOf = (e: PointerEvent<HTMLCanvasElement>): Point => toImagePoint({ x: e.clientX, y: e.clientY }, e.currentTarget.getBoundingClientRect(), size);
  const showRing = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    setRing({ x: e.clientX - rect.left, y: e.clientY - rect.top, d: brushScreenPx(eraseScale, rect.width) });
  };
  const end = (e: PointerEvent<HTMLCanvasElement>) => {
    const flight = live.current;
    if (!flight || flight.id !== e.pointerId) return;
    live.current = null;
    store.getState().addStroke(flight.stroke);
  };

  return (
    <div className="absolute inset-0">
      <canvas
        ref={canvas}
        width={size.width}
        height={size.height}
        aria-label="Paint the mask: drag over the image"
        role="img"
        data-testid="mask-canvas"
        className={`absolute inset-0 h-full w-full touch-none opacity-55 ${disabled ? 'pointer-events-none' : 'cursor-none'}`}
        onPointerDown={(e) => {
          if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          live.current = { id: e.pointerId, stroke: { points: [pointOf(e)], size: brushImagePx(eraseScale, size.width) } };
          showRing(e);
          redraw();
        }}
        onPointerMove={(e) => {
          showRing(e);
          const flight = live.current;
          if (!flight || flight.id !== e.pointerId) return;
          live.current = { ...flight, stroke: { ...flight.stroke, points: [...flight.stroke.points, pointOf(e)] } };
          redraw();
        }}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={(e) => {
          if (!live.current) setRing(null);
          else end(e);
        }}
      />
      {ring && !disabled && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(15,23,42,0.6)]"
          style={{ left: ring.x - ring.d / 2, top: ring.y - ring.d / 2, width: ring.d, height: ring.d }}
        />
      )}
    </div>
  );
}
