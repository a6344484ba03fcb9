/**
 * The EU's type rule, Regulation 1169/2011 Art. 13(2) and Annex IV: an x-height of at least 1.2 mm, or
 * 0.9 mm on packages whose largest surface is under 80 cm² (Art. 13(3)). The font size follows from
 * Helvetica's x-height (0.523 em), rounded up to a hundredth of a millimetre.
 */
import { X_HEIGHT } from './pen.js';

export const EU_X_HEIGHT = { standard: 1.2, small: 0.9 } as const;

export interface EuTypeOptions {
  width_mm?: number;
  /** The package's largest surface is under 80 cm²: the 0.9 mm x-height applies. */
  small_package?: boolean;
}

/** Font size in mm that gives the minimum x-height. */
export function euFontSize(options: EuTypeOptions): number {
  const xh = options.small_package ? EU_X_HEIGHT.small : EU_X_HEIGHT.standard;
  return Math.ceil((xh / X_HEIGHT) * 100) / 100;
}
