import { useState } from 'react';
import { NO_GUIDES, SNAP_DISTANCE, snapBox, type Back, type Box, type Guides } from '../placement';

/** Screen pixels within which a guide pulls the product onto it, whatever the canvas's shown size. */
const SNAP_SCREEN_PX = 6;

export interface PlacementSnapping {
  /** The guides to draw while a drag holds the product on them. */
  guides: Guides;
  /** Pulls a dragged box onto the centre line and the floor line when near them, and shows those guides. */
  snap(box: Box): Box;
  /** No guide applies (the gesture resizes, turns or ended). */
  clear(): void;
  /** What the gesture snapped to, in words ('' when nothing). */
  snappedTo: string;
}

/** Snapping while dragging: the vertical centre line and the scene's floor line (floorY × the scene's height). */
export function usePlacementSnapping(back: Back | null, floorY: number, scale: number): PlacementSnapping {
  const [guides, setGuides] = useState<Guides>(NO_GUIDES);
  return {
    guides,
    snap(box) {
      if (!back) return box;
      const snapped = snapBox(box, back, floorY, Math.max(SNAP_DISTANCE, SNAP_SCREEN_PX / scale));
      setGuides(snapped.guides);
      return snapped.box;
    },
    clear: () => setGuides(NO_GUIDES),
    snappedTo: [guides.centre ? 'the centre line' : '', guides.floor ? 'the floor line' : ''].filter(Boolean).join(' and '),
  };
}
