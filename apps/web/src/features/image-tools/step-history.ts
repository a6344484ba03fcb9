import type { ImageTool } from '@packsmith/contracts';

/** One image in the editing history: the original, or what a finished tool made (a new file each time). */
export interface Step {
  url: string;
  /** What made it; null for the original. */
  tool: ImageTool | null;
  /** Natural size, once known (from the record, or when the image has loaded). */
  width: number | null;
  height: number | null;
  /** segment/box: the object's mask (white = object), the image's size. */
  maskUrl?: string;
  /** What the engine did, in its words (the record's data.note, e.g. "Turned the dominant hues to blue"). */
  note?: string;
}

/**
 * The steps and which one is current (the image the next tool works on). Back and Forward move along
 * it; a tool run from an earlier step drops the steps after it (the usual undo branching). The
 * original (or the image an empty panel created first) is step 0 and is never dropped.
 */
export interface StepHistory {
  steps: readonly Step[];
  current: number;
}

export function startHistory(url: string, width: number | null = null, height: number | null = null): StepHistory {
  return { steps: [{ url, tool: null, width, height }], current: 0 };
}

/** A history whose first step was made by a tool (text to image in an empty panel). */
export const historyOf = (step: Step): StepHistory => ({ steps: [step], current: 0 });

export function addStep(h: StepHistory, step: Step): StepHistory {
  const steps = [...h.steps.slice(0, h.current + 1), step];
  return { steps, current: steps.length - 1 };
}

export const canGoBack = (h: StepHistory): boolean => h.current > 0;
export const canGoForward = (h: StepHistory): boolean => h.current < h.steps.length - 1;

export function goTo(h: StepHistory, index: number): StepHistory {
  const current = Math.min(Math.max(0, Math.trunc(index)), h.steps.length - 1);
  return current === h.current ? h : { ...h, current };
}

export const back = (h: StepHistory): StepHistory => goTo(h, h.current - 1);
export const forward = (h: StepHistory): StepHistory => goTo(h, h.current + 1);

export function currentStep(h: StepHistory): Step {
  const step = h.steps[h.current] ?? h.steps[0];
  if (!step) throw new Error('A step history always holds the original.');
  return step;
}

/** The step before the current one (what "compare" shows), or null on the original. */
export function previousStep(h: StepHistory): Step | null {
  return h.current > 0 ? (h.steps[h.current - 1] ?? null) : null;
}

/** Records a step's natural size once its image has loaded. */
export function withSize(h: StepHistory, url: string, width: number, height: number): StepHistory {
  if (!h.steps.some((s) => s.url === url && (s.width !== width || s.height !== height))) return h;
  return { ...h, steps: h.steps.map((s) => (s.url === url ? { ...s, width, height } : s)) };
}
