import { FACTORY_PROCESS_LABELS, materialInfo, type MaterialType } from '@packsmith/contracts';

/** How a process reads on screen. */
export const PROCESS_LABELS = FACTORY_PROCESS_LABELS;

export const materialLabel = (m: MaterialType): string => materialInfo(m).name;

export const count = (n: number): string => n.toLocaleString('en-US');

/** "500–5,000" or "500" when both ends agree. */
export function range(min: number, max: number, unit = ''): string {
  const text = min === max ? count(min) : `${count(min)}–${count(max)}`;
  return unit ? `${text} ${unit}` : text;
}

export const SAMPLE_NOTICE = 'These are sample listings until our team adds verified factories.';

/** What went wrong, in the server's words when it gave some. */
export function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}
