/**
 * Exact decimal arithmetic for the converter. Amounts, prices and rates are decimal strings (the
 * reader's input, the database's numerics), held as fractions of BigInts, so that amount × price
 * ÷ price is rounded once, where it is shown, and never through a double: 3 coins at $1.115 are
 * $3.345 exactly, shown as $3.35, where doubles make 3.3449999999999998 and show $3.34.
 * Shared by the server, the API and the browser.
 */
import { decimalOf, EMPTY, subscriptDigits, toPlain, type Decimal } from '../../../lib/format/decimal.ts';

/** A non-negative fraction n / d (d > 0). */
export interface Ratio {
  readonly n: bigint;
  readonly d: bigint;
}

const DECIMAL_TEXT = /^\+?(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,4}))?$/i;
const pow10 = (k: number): bigint => 10n ** BigInt(k);

function gcd(a: bigint, b: bigint): bigint {
  while (b) [a, b] = [b, a % b];
  return a;
}

function reduced(n: bigint, d: bigint): Ratio {
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/**
 * A non-negative decimal string ("97284.05", ".5", "1e-7") as a fraction; null for anything else
 * (a sign, a comma, an empty string).
 * @example ratioOf('2.5') // { n: 5n, d: 2n }
 */
export function ratioOf(text: string): Ratio | null {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return null;
  const [, int = '', frac = '', exp = '0'] = m;
  if (!int && !frac) return null;
  const scale = Number(exp) - frac.length;
  const digits = BigInt(int + frac || '0');
  return scale >= 0 ? reduced(digits * pow10(scale), 1n) : reduced(digits, pow10(-scale));
}

/** A finite non-negative number, by the digits of its shortest round-trip form (what a price tick reads as). */
export function ratioOfNumber(value: number): Ratio | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const d = decimalOf(value);
  if (!d.digits) return { n: 0n, d: 1n };
  return ratioOf(`${d.digits}e${d.exp - d.digits.length + 1}`);
}

export const multiply = (a: Ratio, b: Ratio): Ratio => reduced(a.n * b.n, a.d * b.d);

/** a ÷ b; null when b is zero. */
export const divide = (a: Ratio, b: Ratio): Ratio | null => (b.n === 0n ? null : reduced(a.n * b.d, a.d * b.n));

export const isZero = (r: Ratio): boolean => r.n === 0n;

/** The power of ten of the leading digit: 0 for 1–9.99…, −5 for 0.00001234. The value must not be zero. */
function exponent(r: Ratio): number {
  const e = r.n.toString().length - r.d.toString().length;
  const atLeast = e >= 0 ? r.n >= r.d * pow10(e) : r.n * pow10(-e) >= r.d;
  return atLeast ? e : e - 1;
}

/** Rounds to `places` digits after the point (negative: before it), half away from zero. */
function roundAt(r: Ratio, places: number): Decimal {
  const num = places >= 0 ? r.n * pow10(places) : r.n;
  const den = places >= 0 ? r.d : r.d * pow10(-places);
  const q = (2n * num + den) / (2n * den);
  if (q === 0n) return { neg: false, digits: '', exp: 0 };
  const text = q.toString();
  return { neg: false, digits: text.replace(/0+$/, ''), exp: text.length - 1 - places };
}

/** Values under 10^this take the subscript notation (SPEC §9: "below e-7"). */
const SUBSCRIPT_EXP = -7;

/**
 * SPEC §9's price rules, applied once to the exact value (lib/format's formatPrice, without a
 * symbol): '--' for zero; subscript zeros below 1e-7; 4 significant digits below 1 but at least
 * 2 decimals; else grouped with exactly 2 decimals.
 * @example formatExact(ratioOf('243210.125')!) // '243,210.13'
 * @example formatExact(ratioOf('0.0000102791')!) // '0.00001028'
 */
export function formatExact(r: Ratio): string {
  if (isZero(r)) return EMPTY;
  const e = exponent(r);
  if (e < SUBSCRIPT_EXP) {
    const x = roundAt(r, 3 - e);
    return x.exp >= SUBSCRIPT_EXP ? toPlain(x) : `0.0${subscriptDigits(-x.exp - 1)}${x.digits}`;
  }
  if (e < 0) {
    const x = roundAt(r, 3 - e);
    if (x.exp < 0) return toPlain(x, { minDecimals: 2 });
  }
  return toPlain(roundAt(r, 2), { group: true, minDecimals: 2 });
}

/**
 * The value as a plain decimal string of at most `significant` significant digits (rounded half
 * away from zero, trailing zeros dropped): what the API sends.
 * @example toDecimalText(divide(ratioOf('1')!, ratioOf('3')!)!, 5) // '0.33333'
 */
export function toDecimalText(r: Ratio, significant = 20): string {
  if (isZero(r)) return '0';
  return toPlain(roundAt(r, significant - 1 - exponent(r)));
}

/**
 * An amount as the reader wrote it, grouped (every digit kept: the amounts are short decimals).
 * @example amountText(ratioOf('1234567.5')!) // '1,234,567.5'
 */
export function amountText(r: Ratio): string {
  return toPlain(roundAt(r, 30), { group: true });
}
