/**
 * EAN-13 and UPC-A as vector bars in millimetres (GS1 General Specifications §5.2). Written here
 * rather than taken from bwip-js: the two symbologies are a page of tables, and bwip-js (~1 MB of
 * PostScript emulation) would be the largest thing in the web bundle for it.
 */
import { gs1CheckDigit } from '@packsmith/contracts';

export { gs1CheckDigit };

export type Symbology = 'ean13' | 'upca';

/** Nominal module (X-dimension) at 100 % magnification, mm. */
export const MODULE_MM = 0.33;
/** Bar height of the data bars at 100 %, mm; guard bars run 5 modules further down. */
export const BAR_HEIGHT_MM = 22.85;
/** Symbol height at 100 %, human-readable digits included (GS1: 25.93 mm for EAN-13). */
export const SYMBOL_HEIGHT_MM = 25.93;
export const MIN_MAGNIFICATION = 0.8;
export const MAX_MAGNIFICATION = 2;

/** Light margins in modules: EAN-13 11 left / 7 right, UPC-A 9 / 9; both make 113 modules wide. */
const QUIET = { ean13: [11, 7], upca: [9, 9] } as const;

const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
/** R codes are the complements of L; G codes are R read backwards. */
const R_CODES = L_CODES.map((c) => [...c].map((b) => (b === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((c) => [...c].reverse().join(''));
/** Which of the left half's six digits use G (1) instead of L (0), by the leading digit. */
const PARITY = ['000000', '001011', '001101', '001110', '010011', '011001', '011010', '011100', '010101', '010110'];

export class BarcodeError extends Error {}

/** The full number with its check digit: accepts data digits (12 / 11) or the full number (13 / 12, validated). */
export function completeDigits(symbology: Symbology, input: string): string {
  const digits = input.replace(/\s+/g, '');
  const full = symbology === 'ean13' ? 13 : 12;
  if (!/^\d+$/.test(digits)) throw new BarcodeError('digits may hold digits only.');
  if (digits.length === full - 1) return digits + String(gs1CheckDigit(digits));
  if (digits.length !== full)
    throw new BarcodeError(`digits: a ${symbology === 'ean13' ? 'EAN-13' : 'UPC-A'} has ${full} digits (or ${full - 1} without its check digit).`);
  const check = gs1CheckDigit(digits.slice(0, -1));
  if (Number(digits[full - 1]) !== check) throw new BarcodeError(`digits: the check digit should be ${check}.`);
  return digits;
}

/** True when the number's last digit is its check digit. */
export function isValidGtin(symbology: Symbology, digits: string): boolean {
  try {
    completeDigits(symbology, digits);
    return digits.replace(/\s+/g, '').length === (symbology === 'ean13' ? 13 : 12);
  } catch {
    return false;
  }
}

/**
 * The 95 modules of the symbol ('1' bar, '0' space) and which of them are guard bars. UPC-A is
 * EAN-13 with a leading 0.
 */
export function encodeModules(symbology: Symbology, input: string): { modules: string; guard: boolean[] } {
  const full = completeDigits(symbology, input);
  const ean = symbology === 'upca' ? `0${full}` : full;
  const first = Number(ean[0]);
  const parity = PARITY[first] ?? '000000';
  let modules = '101';
  const guard: boolean[] = [true, true, true];
  // UPC-A's first and last digits keep long bars like the guards.
  const longLeft = symbology === 'upca';
  for (let i = 1; i <= 6; i++) {
    const d = Number(ean[i]);
    const code = (parity[i - 1] === '1' ? G_CODES[d] : L_CODES[d]) ?? '';
    modules += code;
    for (let k = 0; k < 7; k++) guard.push(longLeft && i === 1);
  }
  modules += '01010';
  guard.push(true, true, true, true, true);
  for (let i = 7; i <= 12; i++) {
    const code = R_CODES[Number(ean[i])] ?? '';
    modules += code;
    for (let k = 0; k < 7; k++) guard.push(longLeft && i === 12);
  }
  modules += '101';
  guard.push(true, true, true);
  return { modules, guard };
}

export interface BarRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BarcodeDigit {
  text: string;
  /** Centre of the digit, baseline, mm. */
  x: number;
  y: number;
  sizeMm: number;
}

export interface BarcodeGeometry {
  digits: string;
  /** Whole symbol with its light margins, mm. */
  width: number;
  height: number;
  bars: BarRect[];
  text: BarcodeDigit[];
  magnification: number;
}

/**
 * The symbol as rectangles in mm at `magnification` (1 = 100 % = 37.29 × 25.93 mm for EAN-13 with
 * its light margins), origin at the top-left of the left light margin. Adjacent bar modules are
 * merged into one rectangle.
 */
export function barcodeGeometry(symbology: Symbology, input: string, magnification = 1): BarcodeGeometry {
  if (!(magnification >= MIN_MAGNIFICATION && magnification <= MAX_MAGNIFICATION))
    throw new BarcodeError(`magnification must be from ${MIN_MAGNIFICATION} to ${MAX_MAGNIFICATION} (80 % to 200 %).`);
  const digits = completeDigits(symbology, input);
  const { modules, guard } = encodeModules(symbology, digits);
  const m = MODULE_MM * magnification;
  const [quietLeft, quietRight] = QUIET[symbology];
  const barH = BAR_HEIGHT_MM * magnification;
  const guardH = barH + 5 * m;
  const bars: BarRect[] = [];
  for (let i = 0; i < modules.length;) {
    if (modules[i] !== '1') {
      i++;
      continue;
    }
    let j = i;
    while (j < modules.length && modules[j] === '1' && guard[j] === guard[i]) j++;
    bars.push({ x: (quietLeft + i) * m, y: 0, w: (j - i) * m, h: guard[i] ? guardH : barH });
    i = j;
  }
  const sizeMm = 2.75 * magnification;
  const baseline = SYMBOL_HEIGHT_MM * magnification - 0.2 * magnification;
  const text: BarcodeDigit[] = [];
  const at = (module: number) => (quietLeft + module) * m;
  if (symbology === 'ean13') {
    text.push({ text: digits[0] ?? '', x: at(-4), y: baseline, sizeMm });
    for (let i = 0; i < 6; i++) text.push({ text: digits[1 + i] ?? '', x: at(3 + 7 * i + 3.5), y: baseline, sizeMm });
    for (let i = 0; i < 6; i++) text.push({ text: digits[7 + i] ?? '', x: at(50 + 7 * i + 3.5), y: baseline, sizeMm });
  } else {
    const small = sizeMm * 0.75;
    text.push({ text: digits[0] ?? '', x: at(-4), y: baseline, sizeMm: small });
    for (let i = 0; i < 5; i++) text.push({ text: digits[1 + i] ?? '', x: at(10 + 7 * i + 3.5), y: baseline, sizeMm });
    for (let i = 0; i < 5; i++) text.push({ text: digits[6 + i] ?? '', x: at(50 + 7 * i + 3.5), y: baseline, sizeMm });
    text.push({ text: digits[11] ?? '', x: at(95 + 4), y: baseline, sizeMm: small });
  }
  return { digits, width: (quietLeft + 95 + quietRight) * m, height: SYMBOL_HEIGHT_MM * magnification, bars, text, magnification };
}

/** Magnification that fits a symbol into a layer of `w` × `h` mm (its width and height both fit). */
export function magnificationFor(w: number, h: number): number {
  return Math.min(w / (113 * MODULE_MM), h / SYMBOL_HEIGHT_MM);
}
