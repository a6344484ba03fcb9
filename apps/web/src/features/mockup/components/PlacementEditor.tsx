import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CHECKERBOARD } from '../../photoshoot/components/BeforeAfter';
import { useImageSize } from '../../photoshoot/use-image-size';
import { useMockupController, useStudioState } from '../mockup-context';
import { describePlacement, designBox, keyboardPlacement, type Placement, type Size } from '../placement';
import { PlacementSliders } from './PlacementSliders';
import { usePlacementGestures } from './usePlacementGestures';

interface PlacementEditorProps {
  /** The template's first surface: its design area in design pixels. */
  area: Size;
  /** Its role (front, wrap…), to name it. */
  role: string;
  /** The image that goes on it. */
  imageUrl: string;
}

const ROLE_NAMES: Record<string, string> = {
  front: 'front',
  back: 'back',
  left: 'left side',
  right: 'right side',
  top: 'top',
  bottom: 'bottom',
  wrap: 'label',
};

/**
 * The 2D placement editor over the template's first surface: its print area drawn to scale with the
 * design in it as it will print (the parts outside the area shown faintly). Drag to move, pinch or
 * ctrl+wheel to resize, sliders for size, position and turn; on the area, arrows move (Shift: 10 %),
 * [ and ] turn, + and − resize, 0 starts again. Every finished change is one undo step.
 */
export function PlacementEditor({ area, role, imageUrl }: PlacementEditorProps) {
  const ctl = useMockupController();
  const committed = useStudioState((s) => s.edit.placement);
  const design = useImageSize(imageUrl);
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [sliding, setSliding] = useState<Placement | null>(null);
  const helpId = useId();
  const commit = (p: Placement) => {
    ctl.commitPlacement(p);
    setAnnouncement(describePlacement(p));
  };
  const gestures = usePlacementGestures(frame, canvas, committed, commit);
  const p = gestures.live ?? sliding ?? committed;
  const inFlight = gestures.live ?? sliding;
  // The live preview on the stage follows the gesture in flight.
  useEffect(() => {
    ctl.previewPlacement(inFlight);
  }, [ctl, inFlight]);
  useEffect(() => () => ctl.previewPlacement(null), [ctl]);
  const box = design ? designBox(p, design, area) : null;
  const ratio = area.width > 0 && area.height > 0 ? area.width / area.height : 1;
  const surface = ROLE_NAMES[role] ?? role;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape' && gestures.cancel()) {
      e.preventDefault();
      return;
    }
    const next = keyboardPlacement(committed, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    commit(next);
  };

  const imgStyle = box
    ? { left: `${box.left}%`, top: `${box.top}%`, width: `${box.width}%`, height: `${box.height}%`, transform: `rotate(${box.rotation}deg)` }
    : undefined;

  return (
    <div data-testid="placement-editor">
      <div
        ref={canvas}
        className="relative flex touch-none select-none items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100 px-[12%] py-6"
        onPointerDown={gestures.onPointerDown}
        onPointerMove={gestures.onPointerMove}
        onPointerUp={(e) => gestures.onPointerEnd(e, true)}
        onPointerCancel={(e) => gestures.onPointerEnd(e, false)}
      >
        <div
          ref={frame}
          tabIndex={0}
          role="group"
          aria-roledescription="placement area"
          aria-label={`Print area on the ${surface}: ${describePlacement(committed)}`}
          aria-describedby={helpId}
          onKeyDown={onKeyDown}
          className="relative cursor-move rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-4"
          style={{ aspectRatio: String(ratio), width: `min(100%, ${(18 * ratio).toFixed(3)}rem)`, ...CHECKERBOARD }}
          data-testid="placement-area"
          data-scale={p.scale}
          data-offset-x={p.offset_x}
          data-offset-y={p.offset_y}
          data-rotation={p.rotation}
        >
          {box && (
            <img src={imageUrl} alt="" aria-hidden="true" draggable={false} className="pointer-events-none absolute max-w-none opacity-25" style={imgStyle} />
          )}
          <div className="absolute inset-0 overflow-hidden ring-1 ring-violet-500/70">
            {box ? (
              <img src={imageUrl} alt="Your design on the print area" draggable={false} className="pointer-events-none absolute max-w-none" style={imgStyle} />
            ) : (
              <div className="absolute inset-0 animate-pulse bg-slate-200/70" aria-hidden="true" />
            )}
          </div>
          <span className="pointer-events-none absolute -top-5 left-0 text-[0.7rem] font-medium uppercase tracking-wider text-violet-700">{surface}</span>
        </div>
      </div>
      <PlacementSliders
        value={p}
        design={design}
        area={area}
        onSlide={setSliding}
        onCommit={(next) => {
          setSliding(null);
          commit(next);
        }}
      />
      <p id={helpId} className="mt-2 text-xs leading-relaxed text-slate-500">
        Drag the design to move it; pinch or Ctrl+scroll to resize. On the print area: arrow keys move it (Shift for bigger steps), [ and ] turn it, + and −
        resize it, 0 puts it back. Ctrl+Z undoes, Ctrl+Shift+Z redoes.
      </p>
      <p className="sr-only" aria-live="polite" data-testid="placement-announcer">
        {announcement}
      </p>
    </div>
  );
}
