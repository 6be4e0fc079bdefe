/**
 * Plain decimal strings for `numeric` columns: no exponent notation, never NaN, and exact
 * products where a stored figure must equal the product of two other stored figures.
 */

/** Rounds to `sig` significant digits and writes a plain decimal ("0.0000000014", "589000000000000"). */
export function dec(n: number, sig = 10): string {
  if (!Number.isFinite(n)) throw new Error(`seed: not a finite number: ${n}`);
  if (n === 0) return '0';
  const abs = Math.abs(n);
  if (abs >= 1e-6 && abs < 1e15) {
    // Fast path: the shortest round-trip string of the rounded double is the plain decimal.
    const s = String(r10(n, sig));
    if (!s.includes('e')) return s;
  }
  const [mantissa = '0', exponent = '0'] = Math.abs(n)
    .toExponential(sig - 1)
    .split('e');
  const exp = Number(exponent);
  const digits = mantissa.replace('.', '');
  let s: string;
  if (exp >= digits.length - 1) s = digits + '0'.repeat(exp - digits.length + 1);
  else if (exp >= 0) s = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  else s = `0.${'0'.repeat(-exp - 1)}${digits}`;
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '0' ? '0' : (n < 0 ? '-' : '') + s;
}

/** The number a stored decimal string reads back as: rounding once, then using that value everywhere. */
/** Powers of ten 10^-40 … 10^40 as the nearest doubles; POW[k + 40] = 10^k. */
const POW = Array.from({ length: 81 }, (_, i) => Number(`1e${i - 40}`));
const pow10 = (k: number) => POW[k + 40] ?? 10 ** k;

/**
 * Rounds a number to `sig` significant digits as a number; `dec(r10(x))` is the stored string.
 * The hot path of the generator, so it avoids string work.
 */
export function r10(n: number, sig = 10): number {
  if (!Number.isFinite(n)) throw new Error(`seed: not a finite number: ${n}`);
  if (n === 0) return 0;
  const abs = Math.abs(n);
  let e = Math.floor(Math.log10(abs));
  if (abs >= pow10(e + 1)) e++;
  else if (abs < pow10(e)) e--;
  const places = sig - 1 - e;
  // Scale by an exact power of ten (10^22 is the largest exact one).
  if (places >= 0 && places <= 22) {
    const f = pow10(places);
    return Math.round(n * f) / f;
  }
  if (places < 0 && places >= -22) {
    const f = pow10(-places);
    return Math.round(n / f) * f;
  }
  return Number(dec(n, sig));
}

/** Rounds to a fixed number of decimal places (fees, ratings, percentages). */
export function fixed(n: number, places: number): string {
  const f = 10 ** places;
  return dec(Math.round(n * f) / f, 15);
}

interface Scaled {
  value: bigint;
  scale: number;
}

function parse(s: string): Scaled {
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw new Error(`seed: not a plain decimal: ${s}`);
  const [int = '0', frac = ''] = s.split('.');
  return { value: BigInt(int + frac), scale: frac.length };
}

function format({ value, scale }: Scaled): string {
  const neg = value < 0n;
  let digits = (neg ? -value : value).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    digits = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`.replace(/0+$/, '').replace(/\.$/, '');
  }
  return (neg && digits !== '0' ? '-' : '') + digits;
}

/** The exact product of two decimal strings. */
export function mulDec(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return format({ value: x.value * y.value, scale: x.scale + y.scale });
}

/** Exact comparison of two decimal strings: negative, zero or positive. */
export function cmpDec(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  const xv = x.value * 10n ** BigInt(scale - x.scale);
  const yv = y.value * 10n ** BigInt(scale - y.scale);
  return xv < yv ? -1 : xv > yv ? 1 : 0;
}

/** The exact sum of decimal strings. */
export function sumDec(values: readonly string[]): string {
  const parsed = values.map(parse);
  const scale = parsed.reduce((m, p) => Math.max(m, p.scale), 0);
  let total = 0n;
  for (const p of parsed) total += p.value * 10n ** BigInt(scale - p.scale);
  return format({ value: total, scale });
}
