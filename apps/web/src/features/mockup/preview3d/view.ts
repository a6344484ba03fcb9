/*
 * Camera framing, keyboard commands and animation timing of the 3D preview: pure functions, so
 * the scene only applies them.
 */

export interface Size3 {
  readonly width: number;
  readonly height: number;
  readonly depth: number;
}

/** Vertical field of view of the preview camera, degrees: a short tele, as packshots use. */
export const FOV_DEG = 30;

/** Distance at which a sphere round a box of `size` fills the view (aspect: width / height of the canvas). */
export function fitDistance(size: Size3, aspect: number, fovDeg = FOV_DEG, margin = 1.12): number {
  const radius = 0.5 * Math.hypot(size.width, size.height, size.depth);
  const vHalf = (fovDeg * Math.PI) / 360;
  // The narrower of the two view angles limits: a tall canvas (a phone) frames by its width.
  const hHalf = Math.atan(Math.tan(vHalf) * Math.max(0.2, aspect));
  return (radius / Math.sin(Math.min(vHalf, hHalf))) * margin;
}

/** How a pack is best first seen: a box from a three-quarter angle, a round body facing the camera. */
export type ViewKind = 'box' | 'lying-box' | 'round' | 'flat';

/**
 * Where the camera starts (as the design engine's packshots: boxes turned to show two faces, round
 * bodies square on so the label's front faces the viewer, flat packs turned a little).
 */
export function defaultDirection(kind: ViewKind): { yawDeg: number; pitchDeg: number } {
  switch (kind) {
    case 'lying-box':
      // A pack lying on its base shows its lid: look from higher up.
      return { yawDeg: 28, pitchDeg: 38 };
    case 'round':
      return { yawDeg: 0, pitchDeg: 12 };
    case 'flat':
      return { yawDeg: 20, pitchDeg: 10 };
    case 'box':
      return { yawDeg: 32, pitchDeg: 16 };
  }
}

/** Camera position for a yaw (about y, from +z towards +x) and pitch, at `distance` from `target`. */
export function orbitPosition(target: readonly [number, number, number], yawDeg: number, pitchDeg: number, distance: number): [number, number, number] {
  const yaw = (yawDeg * Math.PI) / 180;
  const pitch = (pitchDeg * Math.PI) / 180;
  return [
    target[0] + distance * Math.cos(pitch) * Math.sin(yaw),
    target[1] + distance * Math.sin(pitch),
    target[2] + distance * Math.cos(pitch) * Math.cos(yaw),
  ];
}

/** What a key does to the view when the canvas has focus. */
export type ViewCommand =
  | { readonly kind: 'rotate'; readonly yawDeg: number; readonly pitchDeg: number }
  | { readonly kind: 'zoom'; readonly factor: number }
  | { readonly kind: 'reset' };

/** Degrees per arrow key press (four times that with Shift). */
export const KEY_ROTATE_DEG = 10;

export function viewCommandForKey(key: string, shift = false): ViewCommand | null {
  const step = shift ? 4 * KEY_ROTATE_DEG : KEY_ROTATE_DEG;
  switch (key) {
    case 'ArrowLeft':
      return { kind: 'rotate', yawDeg: -step, pitchDeg: 0 };
    case 'ArrowRight':
      return { kind: 'rotate', yawDeg: step, pitchDeg: 0 };
    case 'ArrowUp':
      return { kind: 'rotate', yawDeg: 0, pitchDeg: step };
    case 'ArrowDown':
      return { kind: 'rotate', yawDeg: 0, pitchDeg: -step };
    case '+':
    case '=':
    case 'Add':
      return { kind: 'zoom', factor: 1 / 1.2 };
    case '-':
    case '_':
    case 'Subtract':
      return { kind: 'zoom', factor: 1.2 };
    case '0':
    case 'Home':
      return { kind: 'reset' };
    default:
      return null;
  }
}

/** Limits of the orbit: from just above the floor to nearly straight down, and how near and far. */
export function orbitLimits(fit: number): { minDistance: number; maxDistance: number; minPolar: number; maxPolar: number } {
  return { minDistance: fit * 0.35, maxDistance: fit * 3, minPolar: 0.05, maxPolar: Math.PI - 0.05 };
}

/** Seconds of the fold from the flat sheet to the pack, and of opening or closing a lid. */
export const FOLD_SECONDS = 1.8;
export const OPEN_SECONDS = 0.7;

/** Moves `value` towards `target` by at most dt / seconds; reduced motion jumps straight there. */
export function approach(value: number, target: number, dt: number, seconds: number, reducedMotion: boolean): number {
  if (reducedMotion || seconds <= 0) return target;
  const step = dt / seconds;
  return value < target ? Math.min(target, value + step) : Math.max(target, value - step);
}
