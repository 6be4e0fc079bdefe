/**
 * Internal helpers: exact decimal rounding on the shortest round-trip representation of a
 * double, so 0.012345 rounds like the digits a person reads (→ 0.01235) rather than like its
 * binary value. Rounding is always half away from zero. Not re-exported from the index.
 */

/** What the number formatters accept: numbers, or numeric strings as the database returns them. */
export type NumberInput = number | string | null | undefined;

/** ±d₀.d₁d₂… × 10^exp; `digits` has no leading or trailing zeros and is '' for zero. */
export interface Decimal {
  readonly neg: boolean;
  readonly digits: string;
  readonly exp: number;
}

/** Shown for empty, zero (where applicable) and non-numeric values. */
export const EMPTY = '--';

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A number from a number or numeric string; NaN for anything else (including ''). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const s = value.trim();
    return NUMERIC.test(s) ? Number(s) : Number.NaN;
  }
  return Number.NaN;
}

const ZERO: Decimal = { neg: false, digits: '', exp: 0 };

/** The decimal digits of a finite double (zero and non-finite values give zero). */
export function decimalOf(v: number): Decimal {
  if (v === 0 || !Number.isFinite(v)) return ZERO;
  // The shortest round-trip form, "d.ddde±x": its fraction never ends in 0, and the lead digit
  // of a non-zero value is not 0, so the digits need no trimming. Sliced, not split and matched
  // with regular expressions: every price on a page passes here.
  const s = Math.abs(v).toExponential();
  const e = s.indexOf('e');
  return { neg: v < 0, digits: e > 1 ? s[0] + s.slice(2, e) : s.slice(0, e), exp: Number(s.slice(e + 1)) };
}

/** Keeps the first `keep` significant digits, rounding half away from zero. */
export function roundDigits(d: Decimal, keep: number): Decimal {
  if (d.digits.length <= keep) return d;
  if (keep < 0) return { ...ZERO, neg: d.neg };
  const head = d.digits.slice(0, keep);
  if ((d.digits[keep] ?? '0') < '5') {
    const digits = head.replace(/0+$/, '');
    return digits ? { neg: d.neg, digits, exp: d.exp } : { ...ZERO, neg: d.neg };
  }
  const up = (BigInt(head === '' ? '0' : head) + 1n).toString();
  const exp = up.length > head.length ? d.exp + 1 : d.exp;
  return { neg: d.neg, digits: up.replace(/0+$/, ''), exp };
}

/** Rounds to `n` significant digits. */
export function roundSignificant(d: Decimal, n: number): Decimal {
  return roundDigits(d, n);
}

/** Rounds to `n` digits after the decimal point. */
export function roundDecimals(d: Decimal, n: number): Decimal {
  return d.digits === '' ? d : roundDigits(d, d.exp + 1 + n);
}

/** Multiplies by 10^k exactly. */
export function shift(d: Decimal, k: number): Decimal {
  return d.digits === '' ? d : { ...d, exp: d.exp + k };
}

/** True when the rounded value is zero. */
export function isZero(d: Decimal): boolean {
  return d.digits === '';
}

/** Groups an integer digit string by thousands with commas. */
export function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The unsigned positional text of `d`: all its digits, at least `minDecimals` decimals
 * (zero-padded), the integer part optionally grouped by thousands.
 */
export function toPlain(d: Decimal, options: { group?: boolean; minDecimals?: number } = {}): string {
  const { group = false, minDecimals = 0 } = options;
  let int: string;
  let frac: string;
  if (d.digits === '') {
    int = '0';
    frac = '';
  } else if (d.exp >= 0) {
    const padded = d.digits.padEnd(d.exp + 1, '0');
    int = padded.slice(0, d.exp + 1);
    frac = padded.slice(d.exp + 1);
  } else {
    int = '0';
    frac = '0'.repeat(-d.exp - 1) + d.digits;
  }
  frac = frac.padEnd(minDecimals, '0');
  return (group ? groupThousands(int) : int) + (frac ? `.${frac}` : '');
}

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** Writes a non-negative integer with Unicode subscript digits. */
export function subscriptDigits(n: number): string {
  return String(n).replace(/\d/g, (c) => SUBSCRIPT_DIGITS[Number(c)] ?? c);
}

/** A clean decimal-count option: a non-negative integer, else the fallback. */
export function decimalCount(n: number | undefined, fallback: number): number {
  return n !== undefined && Number.isFinite(n) ? Math.min(100, Math.max(0, Math.floor(n))) : fallback;
}
