import { useId, type ReactNode } from 'react';
import { PLACEMENT_LIMITS, clampPlacement, coverSize, samePlacement, type Placement, type Size } from '../placement';

interface PlacementSlidersProps {
  value: Placement;
  design: Size | null;
  area: Size;
  /** The value while a slider moves (not a step yet). */
  onSlide(p: Placement | null): void;
  /** The slider was let go, or a key or button changed it: one undo step. */
  onCommit(p: Placement): void;
}

function Slider({
  label,
  value,
  min,
  max,
  step,
  text,
  onChange,
  onDone,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  text: string;
  onChange(v: number): void;
  onDone(): void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-[6.5rem_minmax(0,1fr)_3.25rem] items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={text}
        onChange={(e) => onChange(Number(e.target.value))}
        onPointerUp={onDone}
        onKeyUp={onDone}
        onBlur={onDone}
        className="h-6 w-full min-w-0 cursor-pointer accent-violet-600"
        data-testid={testId}
      />
      <output htmlFor={id} className="text-right text-xs tabular-nums text-slate-600">
        {text}
      </output>
    </div>
  );
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Size, position and turn as sliders, with "Fill" (cover the area) and "Fit" (all of the design inside it). */
export function PlacementSliders({ value, design, area, onSlide, onCommit }: PlacementSlidersProps) {
  const change = (patch: Partial<Placement>) => onSlide(clampPlacement({ ...value, ...patch }));
  const done = () => {
    onSlide(null);
    onCommit(value);
  };
  const cover = design ? coverSize(design, area) : null;
  const fitScale = cover ? 1 / Math.max(cover.width, cover.height) : 1;
  const quick = (label: string, next: Placement, hint: string): ReactNode => (
    <button
      type="button"
      className="btn-secondary h-8 px-3 text-xs"
      title={hint}
      disabled={samePlacement(clampPlacement(next), value)}
      onClick={() => onCommit(clampPlacement(next))}
    >
      {label}
    </button>
  );
  const { scale, offset, rotation } = PLACEMENT_LIMITS;
  return (
    <div className="mt-4 space-y-2.5" data-testid="placement-sliders">
      <Slider
        label="Size"
        value={value.scale}
        min={scale.min}
        max={scale.max}
        step={0.01}
        text={pct(value.scale)}
        onChange={(v) => change({ scale: v })}
        onDone={done}
        testId="slider-scale"
      />
      <Slider
        label="Left – right"
        value={value.offset_x}
        min={offset.min}
        max={offset.max}
        step={0.01}
        text={pct(value.offset_x)}
        onChange={(v) => change({ offset_x: v })}
        onDone={done}
        testId="slider-offset-x"
      />
      <Slider
        label="Up – down"
        value={value.offset_y}
        min={offset.min}
        max={offset.max}
        step={0.01}
        text={pct(value.offset_y)}
        onChange={(v) => change({ offset_y: v })}
        onDone={done}
        testId="slider-offset-y"
      />
      <Slider
        label="Turn"
        value={value.rotation}
        min={rotation.min}
        max={rotation.max}
        step={1}
        text={`${Math.round(value.rotation)}°`}
        onChange={(v) => change({ rotation: v })}
        onDone={done}
        testId="slider-rotation"
      />
      <div className="flex flex-wrap gap-2 pt-1">
        {quick('Fill the area', { ...value, scale: 1, offset_x: 0, offset_y: 0 }, 'Cover the whole print area, centred')}
        {quick('Fit inside', { ...value, scale: fitScale, offset_x: 0, offset_y: 0 }, 'Show all of the design, centred')}
        {quick('Straighten', { ...value, rotation: 0 }, 'Turn back to 0°')}
      </div>
    </div>
  );
}
