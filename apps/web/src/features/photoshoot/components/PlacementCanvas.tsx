import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_FLOOR_Y, canvasSize } from '../placement';
import { useShootController, useShootState } from '../shoot-context';
import { useImageSize } from '../use-image-size';
import { PlacedProduct, PlacementGuides, PlacementToolbar } from './PlacementStage';
import { useDisplayWidth } from './useDisplayWidth';
import { usePlacementGestures } from './usePlacementGestures';
import { usePlacementKeyboard } from './usePlacementKeyboard';
import { usePlacementSnapping } from './usePlacementSnapping';

/** The scene and the cut-out as the canvas places them: their sizes once known. */
function usePlacementInputs() {
  const backgroundUrl = useShootState((s) => s.photoShootInfo.backgroundUrl);
  const transparentUrl = useShootState((s) => s.photoShootInfo.transparentUrl);
  const scene = useShootState((s) => (backgroundUrl ? s.scenes[backgroundUrl] : undefined));
  const coordinates = useShootState((s) => s.coordinates);
  const sceneSize = useImageSize(backgroundUrl || null, scene?.size ?? null);
  const cutoutKnown =
    coordinates && coordinates.cropWidth > 0 && coordinates.cropHeight > 0 ? { width: coordinates.cropWidth, height: coordinates.cropHeight } : null;
  const cutoutSize = useImageSize(transparentUrl || null, cutoutKnown);
  return { backgroundUrl, transparentUrl, scene, floorY: scene?.floorY ?? DEFAULT_FLOOR_Y, back: sceneSize ? canvasSize(sceneSize) : null, cutoutSize };
}

/**
 * Step 4: the 1024 placement canvas (SPEC §9), scaled to fit the screen. The product is dragged to
 * move it, resized from a corner with its aspect locked, turned with the top handle, and pulled onto
 * the vertical centre line and the scene's floor line, with guides. Keyboard: arrows 1 px (shift
 * 10 px), [ and ] rotate, + and − resize, ctrl+z / ctrl+shift+z undo and redo. Pointer events, so
 * touch works too. The gesture in flight lives here; each finished one is committed to the history.
 */
export function PlacementCanvas() {
  const shoot = useShootController();
  const { backgroundUrl, transparentUrl, scene, floorY, back, cutoutSize } = usePlacementInputs();
  const edit = useShootState((s) => s.placementEdit);
  // A state, not a ref: the measured element changes when the placeholder gives way to the canvas.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const product = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const helpId = useId();
  const displayWidth = useDisplayWidth(container, back);
  const ready = edit !== null && back !== null && edit.sceneUrl === backgroundUrl;
  const scale = back && displayWidth > 0 ? displayWidth / back.backW : 1;
  const snapping = usePlacementSnapping(back, floorY, scale);
  const gestures = usePlacementGestures({
    committed: ready ? edit.history.present : null,
    back,
    stage,
    product,
    displayWidth,
    snapping,
    commit: shoot.commitPlacement,
    announce: setAnnouncement,
  });
  const box = gestures.live ?? (ready ? edit.history.present : null);
  const keyboard = usePlacementKeyboard({
    box,
    back,
    commit: shoot.commitPlacement,
    undo: shoot.undoPlacement,
    redo: shoot.redoPlacement,
    cancelGesture: gestures.cancel,
    announce: setAnnouncement,
  });

  // The sizes' numbers are what matter: the objects are new on every render.
  const [backW, backH, cutW, cutH] = [back?.backW, back?.backH, cutoutSize?.width, cutoutSize?.height];
  useEffect(() => {
    if (backW === undefined || backH === undefined || cutW === undefined || cutH === undefined || !transparentUrl || !backgroundUrl) return;
    shoot.beginPlacement(backgroundUrl, { backW, backH }, { width: cutW, height: cutH }, floorY);
  }, [shoot, backgroundUrl, transparentUrl, backW, backH, cutW, cutH, floorY]);

  if (!transparentUrl || !backgroundUrl) {
    return (
      <div
        ref={setContainer}
        className="flex aspect-[4/3] w-full items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 text-center text-sm text-slate-500"
        data-testid="placement-empty"
      >
        {!transparentUrl ? 'Your cut-out product appears here, ready to place, once it is cut out.' : 'Choose a scene to place your product on.'}
      </div>
    );
  }

  return (
    <div onKeyDown={keyboard.onAreaKey} data-testid="placement">
      <div ref={setContainer} className="w-full">
        {!back || !box ? (
          <div className="aspect-[4/3] w-full animate-pulse rounded-xl bg-slate-100" aria-label="Loading the scene" role="img" />
        ) : (
          <div
            ref={stage}
            role="group"
            aria-label="Placement canvas"
            className="relative mx-auto select-none overflow-hidden rounded-xl border border-slate-200 bg-slate-100 shadow-inner"
            style={{ width: displayWidth, height: displayWidth * (back.backH / back.backW) }}
            onPointerMove={gestures.onPointerMove}
            onPointerUp={(e) => gestures.end(e, true)}
            onPointerCancel={(e) => gestures.end(e, false)}
            data-testid="placement-stage"
            data-canvas-width={back.backW}
            data-canvas-height={back.backH}
          >
            <img
              src={backgroundUrl}
              alt={scene ? `Scene: ${scene.name}` : 'Chosen scene'}
              draggable={false}
              className="pointer-events-none absolute inset-0 h-full w-full"
            />
            <PlacementGuides back={back} floorY={floorY} moving={gestures.live !== null} guides={snapping.guides} />
            <PlacedProduct
              box={box}
              back={back}
              transparentUrl={transparentUrl}
              productRef={product}
              helpId={helpId}
              onKeyDown={keyboard.onProductKey}
              start={gestures.start}
            />
          </div>
        )}
      </div>
      <PlacementToolbar
        box={box}
        canUndo={ready && edit.history.past.length > 0}
        canRedo={ready && edit.history.future.length > 0}
        ready={ready}
        onUndo={shoot.undoPlacement}
        onRedo={shoot.redoPlacement}
        onReset={() => shoot.resetPlacement(floorY)}
      />
      <p id={helpId} className="mt-2 text-xs leading-relaxed text-slate-500">
        Drag the product to move it; drag a corner to resize it or the round handle to turn it. It snaps to the centre line and the floor. Keyboard: arrow keys
        move it (Shift for 10 px), [ and ] turn it, + and − resize it, Ctrl+Z undoes.
      </p>
      <p className="sr-only" aria-live="polite" data-testid="placement-announcer">
        {announcement}
      </p>
    </div>
  );
}
