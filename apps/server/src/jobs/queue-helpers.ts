import type { JobName } from './job-registry.js';

/** Business members go first; anything out of range is clamped rather than rejected. */
export function normalisePriority(priority: number | undefined): number {
  if (priority === undefined || !Number.isFinite(priority)) return 0;
  return Math.min(100, Math.max(0, Math.round(priority)));
}

/** The same job name for the same record is one job: in-process dedupe and BullMQ job ids use this. */
export function jobKey(name: JobName, payload: { recordId: string }): string {
  return `${name}-${payload.recordId}`;
}

/** Resolves true when `promise` settled within `ms`, false on timeout; never keeps the process alive. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
