import type { KeyboardEvent } from 'react';
import { clampBox, keyboardChange, type Back, type Box } from '../placement';

interface KeyboardOptions {
  box: Box | null;
  back: Back | null;
  commit(box: Box): void;
  undo(): void;
  redo(): void;
  /** Drops the gesture in flight; false when there is none. */
  cancelGesture(): boolean;
  announce(text: string): void;
}

export function describeBox(box: Box): string {
  return `Centre at ${Math.round(box.cx)}, ${Math.round(box.cy)}; ${Math.round(box.w)} by ${Math.round(box.h)} pixels; rotated ${Math.round(box.rotation)} degrees.`;
}

/**
 * The canvas's keyboard. On the product: arrows move 1 px (shift 10 px), [ and ] turn, + and − resize;
 * each press is one step in the history and is read out. Anywhere on the canvas: ctrl+z / ctrl+shift+z
 * (or ctrl+y) undo and redo, and Escape drops a gesture in flight.
 */
export function usePlacementKeyboard({ box, back, commit, undo, redo, cancelGesture, announce }: KeyboardOptions) {
  const onProductKey = (e: KeyboardEvent) => {
    if (!box || !back || e.ctrlKey || e.metaKey || e.altKey) return;
    const next = keyboardChange(box, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    const clamped = clampBox(next, back);
    commit(clamped);
    announce(describeBox(clamped));
  };

  const onAreaKey = (e: KeyboardEvent) => {
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && (key === 'z' || key === 'y')) {
      e.preventDefault();
      if (key === 'y' || e.shiftKey) redo();
      else undo();
      return;
    }
    if (e.key === 'Escape' && cancelGesture()) e.preventDefault();
  };

  return { onProductKey, onAreaKey };
}
