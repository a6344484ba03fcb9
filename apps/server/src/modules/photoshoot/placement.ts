import type { BackgroundPlacement } from '@packsmith/contracts';

export interface Size {
  width: number;
  height: number;
}

/** Relative tolerance of the background box's proportions against the background image. */
const ASPECT_TOLERANCE = 0.02;

/**
 * True when the placement's background box has the background image's proportions (within 2 %):
 * the compositor scales each axis by scene size / canvas size, so a stretched box would distort the product.
 */
export function matchesProportions(placement: Pick<BackgroundPlacement, 'backW' | 'backH'>, background: Size): boolean {
  const given = placement.backW / placement.backH;
  const actual = background.width / background.height;
  return Math.abs(given / actual - 1) <= ASPECT_TOLERANCE;
}
