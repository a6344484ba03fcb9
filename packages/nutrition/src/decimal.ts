/**
 * Exact decimal arithmetic on BigInt. A label figure goes input text → Dec → rounding → printed text
 * without ever being a binary float, so 1.05 stays 1.05 (a float holds 1.0499999…, which rounds the
 * wrong way at a half-up boundary).
 *
 * A value is `units × 10^-scale`. Division is never approximate: a quotient is kept as a {@link Ratio}
 * and only compared or rounded, both exactly.
 */
export class Dec {
  private constructor(
    /** The digits, signed. */
    readonly units: bigint,
    /** How many of those digits are decimals. */
    readonly scale: number,
  ) {}

  static readonly ZERO = new Dec(0n, 0);

  static of(units: bigint, scale = 0): Dec {
    return new Dec(units, scale);
  }

  static int(n: number): Dec {
    if (!Number.isSafeInteger(n)) throw new RangeError(`Dec.int needs a safe integer, got ${n}`);
    return new Dec(BigInt(n), 0);
  }

  /**
   * Reads a decimal literal: "12", "-0.5", "1.25e-3", or a finite JS number (read through its shortest
   * round-trip text, so `0.1` is exactly one tenth). Returns null for anything else.
   */
  static parse(input: string | number): Dec | null {
    let text: string;
    if (typeof input === 'number') {
      if (!Number.isFinite(input)) return null;
      text = String(input);
    } else {
      text = input.trim();
    }
    // A label amount needs a handful of digits; the caps keep a hostile input from building a huge BigInt.
    if (text.length > 40) return null;
    const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,2}))?$/.exec(text);
    if (!m) return null;
    const [, sign, intPart = '', fracPart = '', expPart] = m;
    if (intPart === '' && fracPart === '') return null;
    let units = BigInt((intPart || '0') + fracPart);
    let scale = fracPart.length - (expPart ? Number(expPart) : 0);
    if (scale < 0) {
      units *= 10n ** BigInt(-scale);
      scale = 0;
    }
    if (sign === '-') units = -units;
    return new Dec(units, scale).normalize();
  }

  /** Like {@link parse} but throws on bad input (for literals in tables). */
  static from(input: string | number): Dec {
    const d = Dec.parse(input);
    if (!d) throw new RangeError(`not a decimal: ${String(input)}`);
    return d;
  }

  private static align(a: Dec, b: Dec): [bigint, bigint, number] {
    if (a.scale === b.scale) return [a.units, b.units, a.scale];
    if (a.scale > b.scale) return [a.units, b.units * 10n ** BigInt(a.scale - b.scale), a.scale];
    return [a.units * 10n ** BigInt(b.scale - a.scale), b.units, b.scale];
  }

  /** Drops trailing zero decimals (1.50 → 1.5), keeping the value. */
  normalize(): Dec {
    let { units, scale } = this;
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n;
      scale--;
    }
    return scale === this.scale ? this : new Dec(units, scale);
  }

  add(o: Dec): Dec {
    const [a, b, s] = Dec.align(this, o);
    return new Dec(a + b, s).normalize();
  }

  sub(o: Dec): Dec {
    const [a, b, s] = Dec.align(this, o);
    return new Dec(a - b, s).normalize();
  }

  mul(o: Dec): Dec {
    return new Dec(this.units * o.units, this.scale + o.scale).normalize();
  }

  /** Exact quotient, kept as a ratio (see {@link Ratio}). */
  div(o: Dec): Ratio {
    return Ratio.of(this, o);
  }

  /** Multiplies by 10^k (k may be negative): exact. */
  shift(k: number): Dec {
    if (k >= 0) return new Dec(this.units * 10n ** BigInt(k), this.scale).normalize();
    return new Dec(this.units, this.scale - k).normalize();
  }

  cmp(o: Dec): -1 | 0 | 1 {
    const [a, b] = Dec.align(this, o);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  lt(o: Dec): boolean {
    return this.cmp(o) < 0;
  }
  lte(o: Dec): boolean {
    return this.cmp(o) <= 0;
  }
  gt(o: Dec): boolean {
    return this.cmp(o) > 0;
  }
  gte(o: Dec): boolean {
    return this.cmp(o) >= 0;
  }
  eq(o: Dec): boolean {
    return this.cmp(o) === 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }
  isNegative(): boolean {
    return this.units < 0n;
  }

  /** Rounds to the nearest multiple of `increment`, ties away from zero (half-up for the non-negative amounts of a label). */
  roundTo(increment: Dec): Dec {
    return Ratio.of(this, Dec.ONE).roundTo(increment);
  }

  /** Rounds to `digits` significant figures, half-up (EU guidance for vitamins and minerals). */
  roundSig(digits: number): Dec {
    if (this.isZero()) return this;
    const abs = this.units < 0n ? -this.units : this.units;
    // Position of the leading digit: value = abs × 10^-scale, leading digit at 10^(len-1-scale).
    const lead = abs.toString().length - 1 - this.scale;
    return this.roundTo(Dec.of(1n, 0).shift(lead - digits + 1));
  }

  /** Decimal places after dropping trailing zeros. */
  get places(): number {
    return this.normalize().scale;
  }

  /** Plain text: no exponent, no trailing zeros ("5", "0.5", "0.025"); `minPlaces` pads ("2.50"). */
  toString(minPlaces = 0): string {
    const n = this.normalize();
    const places = Math.max(n.scale, minPlaces);
    const units = n.units * 10n ** BigInt(places - n.scale);
    const neg = units < 0n;
    const digits = (neg ? -units : units).toString().padStart(places + 1, '0');
    const int = digits.slice(0, digits.length - places);
    const frac = digits.slice(digits.length - places);
    return `${neg ? '-' : ''}${int}${places > 0 ? `.${frac}` : ''}`;
  }

  /** For tests and logs only: never on the way to a printed figure. */
  toNumber(): number {
    return Number(this.toString());
  }

  static readonly ONE = new Dec(1n, 0);
  static readonly HUNDRED = new Dec(100n, 0);
}

/** An exact quotient n/d of two decimals (d > 0 after construction). */
export class Ratio {
  private constructor(
    readonly num: bigint,
    readonly den: bigint,
  ) {}

  static of(n: Dec, d: Dec): Ratio {
    if (d.isZero()) throw new RangeError('division by zero');
    // n.units×10^-ns / (d.units×10^-ds) = n.units×10^ds / (d.units×10^ns)
    let num = n.units * 10n ** BigInt(d.scale);
    let den = d.units * 10n ** BigInt(n.scale);
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    return new Ratio(num, den);
  }

  mul(k: Dec): Ratio {
    return new Ratio(this.num * k.units, this.den * 10n ** BigInt(k.scale));
  }

  cmp(o: Dec): -1 | 0 | 1 {
    // num/den ? o.units/10^os  ⇔ num×10^os ? o.units×den (den > 0)
    const a = this.num * 10n ** BigInt(o.scale);
    const b = o.units * this.den;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  lt(o: Dec): boolean {
    return this.cmp(o) < 0;
  }
  lte(o: Dec): boolean {
    return this.cmp(o) <= 0;
  }
  gt(o: Dec): boolean {
    return this.cmp(o) > 0;
  }
  gte(o: Dec): boolean {
    return this.cmp(o) >= 0;
  }

  /** Nearest multiple of `increment`, ties away from zero, exactly. */
  roundTo(increment: Dec): Dec {
    if (increment.units <= 0n) throw new RangeError('increment must be positive');
    // q = (num/den) / (inc.units×10^-is) = num×10^is / (den×inc.units)
    const n = this.num * 10n ** BigInt(increment.scale);
    const d = this.den * increment.units;
    const neg = n < 0n;
    const a = neg ? -n : n;
    const k = (2n * a + d) / (2n * d); // floor(a/d + 1/2)
    return Dec.of(neg ? -k : k).mul(increment);
  }

  /** The quotient to `places` decimals, half-up: for display of inputs only, never re-rounded. */
  toDec(places: number): Dec {
    return this.roundTo(Dec.of(1n, places));
  }
}
