import { useId, useState, type CSSProperties } from 'react';

export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The checkerboard that shows where an image is transparent. */
export const CHECKERBOARD: CSSProperties = {
  backgroundColor: '#ffffff',
  backgroundImage:
    'linear-gradient(45deg,#e2e8f0 25%,transparent 25%,transparent 75%,#e2e8f0 75%),linear-gradient(45deg,#e2e8f0 25%,transparent 25%,transparent 75%,#e2e8f0 75%)',
  backgroundSize: '16px 16px',
  backgroundPosition: '0 0,8px 8px',
};

interface BeforeAfterProps {
  before: string;
  after: string;
  beforeLabel?: string;
  afterLabel?: string;
  /** Width / height of the frame (the original photo's). */
  ratio: number;
  /** Where the after image sits in the frame, in percent; null = fitted whole. */
  afterFrame?: Frame | null;
  /** Draw the checkerboard behind the after image (it is transparent). */
  transparent?: boolean;
  /** The frame never grows taller than this (rem). */
  maxHeightRem?: number;
}

/**
 * A before/after slider: the original on the left of the divider, the result on the right. A native
 * range input spans the picture, so a drag, a tap or the arrow keys move the divider, and screen
 * readers announce it as a slider.
 */
export function BeforeAfter({
  before,
  after,
  beforeLabel = 'Original',
  afterLabel = 'Cut-out',
  ratio,
  afterFrame = null,
  transparent = true,
  maxHeightRem = 26,
}: BeforeAfterProps) {
  const [pos, setPos] = useState(50);
  const id = useId();
  const safeRatio = ratio > 0 && Number.isFinite(ratio) ? ratio : 1;
  return (
    <div
      className="relative mx-auto overflow-hidden rounded-xl border border-slate-200 bg-slate-100 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600 has-[:focus-visible]:ring-offset-2"
      style={{ aspectRatio: String(safeRatio), width: `min(100%, ${(maxHeightRem * safeRatio).toFixed(3)}rem)` }}
      data-testid="before-after"
    >
      <img src={before} alt={beforeLabel} draggable={false} className="absolute inset-0 h-full w-full select-none object-contain" />
      <div className="absolute inset-0" style={{ ...(transparent ? CHECKERBOARD : {}), clipPath: `inset(0 0 0 ${pos}%)` }} data-testid="after-layer">
        <img
          src={after}
          alt={afterLabel}
          draggable={false}
          className={`absolute select-none ${afterFrame ? '' : 'inset-0 h-full w-full object-contain'}`}
          style={
            afterFrame ? { left: `${afterFrame.left}%`, top: `${afterFrame.top}%`, width: `${afterFrame.width}%`, height: `${afterFrame.height}%` } : undefined
          }
        />
      </div>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(15,23,42,0.25)]"
        style={{ left: `${pos}%` }}
      >
        <span className="absolute left-1/2 top-1/2 flex h-8 w-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-slate-700 shadow-md ring-1 ring-slate-900/10">
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M9 6l-5 6 5 6M15 6l5 6-5 6" />
          </svg>
        </span>
      </div>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-2 top-2 rounded-full bg-slate-900/70 px-2 py-0.5 text-[0.7rem] font-medium text-white"
      >
        {beforeLabel}
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute right-2 top-2 rounded-full bg-violet-600/90 px-2 py-0.5 text-[0.7rem] font-medium text-white"
      >
        {afterLabel}
      </span>
      <label htmlFor={id} className="sr-only">
        Compare {beforeLabel.toLowerCase()} and {afterLabel.toLowerCase()}: use the left and right arrow keys
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={pos}
        onChange={(e) => setPos(Number(e.target.value))}
        aria-valuetext={`${100 - pos}% ${afterLabel.toLowerCase()} shown`}
        className="absolute inset-0 h-full w-full cursor-ew-resize opacity-0"
        data-testid="before-after-slider"
      />
    </div>
  );
}
