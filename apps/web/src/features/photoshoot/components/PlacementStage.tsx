import type { KeyboardEvent, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import type { Back, Box, Corner, Guides } from '../placement';
import { describeBox } from './usePlacementKeyboard';

const CORNER_CURSORS = ['nwse-resize', 'nesw-resize', 'nwse-resize', 'nesw-resize'] as const;
const CORNER_POS = ['-left-2.5 -top-2.5', '-right-2.5 -top-2.5', '-right-2.5 -bottom-2.5', '-left-2.5 -bottom-2.5'] as const;

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

type StartGesture = (mode: 'move' | 'resize' | 'rotate', corner?: Corner) => (e: ReactPointerEvent) => void;

interface ProductProps {
  box: Box;
  back: Back;
  transparentUrl: string;
  productRef: RefObject<HTMLDivElement | null>;
  helpId: string;
  onKeyDown(e: KeyboardEvent): void;
  start: StartGesture;
}

/** The product on the scene, with its rotate handle and corner handles. */
export function PlacedProduct({ box, back, transparentUrl, productRef, helpId, onKeyDown, start }: ProductProps) {
  return (
    <div
      ref={productRef}
      tabIndex={0}
      role="group"
      aria-roledescription="movable product"
      aria-label={`Your product. ${describeBox(box)}`}
      aria-describedby={helpId}
      onKeyDown={onKeyDown}
      onPointerDown={start('move')}
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
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-sm border border-dashed border-violet-500/80 group-focus-visible:border-2 group-focus-visible:border-solid group-focus-visible:border-violet-600"
      />
      {/* The rotate handle: above the top edge, on a stem. */}
      <div aria-hidden="true" className="pointer-events-none absolute -top-7 left-1/2 h-7 w-px -translate-x-1/2 bg-violet-500" />
      <div
        aria-hidden="true"
        onPointerDown={start('rotate')}
        className="absolute -top-11 left-1/2 flex h-7 w-7 -translate-x-1/2 cursor-grab touch-none items-center justify-center"
        data-testid="rotate-handle"
      >
        <span className="h-4 w-4 rounded-full border-2 border-violet-600 bg-white shadow" />
      </div>
      {([0, 1, 2, 3] as const).map((c) => (
        <div
          key={c}
          aria-hidden="true"
          onPointerDown={start('resize', c)}
          className={`absolute flex h-5 w-5 touch-none items-center justify-center ${CORNER_POS[c]}`}
          style={{ cursor: CORNER_CURSORS[c] }}
          data-testid={`resize-handle-${c}`}
        >
          <span className="h-3 w-3 rounded-sm border-2 border-violet-600 bg-white shadow" />
        </div>
      ))}
    </div>
  );
}

/** The floor line while a gesture runs, and the guides the product snapped to. */
export function PlacementGuides({ back, floorY, moving, guides }: { back: Back; floorY: number; moving: boolean; guides: Guides }) {
  return (
    <>
      {moving && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 border-t border-dashed border-white/70"
          style={{ top: pct(floorY * back.backH, back.backH) }}
        />
      )}
      {guides.centre && (
        <div
          aria-hidden="true"
          data-testid="guide-centre"
          className="pointer-events-none absolute inset-y-0 w-px -translate-x-1/2 bg-fuchsia-500"
          style={{ left: '50%' }}
        />
      )}
      {guides.floor && (
        <div
          aria-hidden="true"
          data-testid="guide-floor"
          className="pointer-events-none absolute inset-x-0 h-px -translate-y-1/2 bg-fuchsia-500"
          style={{ top: pct(floorY * back.backH, back.backH) }}
        />
      )}
    </>
  );
}

/** Undo, redo, reset, and the product's size and angle. */
export function PlacementToolbar({
  box,
  canUndo,
  canRedo,
  ready,
  onUndo,
  onRedo,
  onReset,
}: {
  box: Box | null;
  canUndo: boolean;
  canRedo: boolean;
  ready: boolean;
  onUndo(): void;
  onRedo(): void;
  onReset(): void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={!canUndo} onClick={onUndo} aria-keyshortcuts="Control+Z">
        Undo
      </button>
      <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={!canRedo} onClick={onRedo} aria-keyshortcuts="Control+Shift+Z">
        Redo
      </button>
      <button type="button" className="btn-secondary h-9 px-3 text-sm" disabled={!ready} onClick={onReset}>
        Reset
      </button>
      {box && (
        <span className="ml-auto text-xs tabular-nums text-slate-500" data-testid="placement-readout">
          {Math.round(box.w)} × {Math.round(box.h)} px · {Math.round(box.rotation)}°
        </span>
      )}
    </div>
  );
}
