import { EMPTY, decimalCount, decimalOf, isZero, roundDecimals, toNumber, toPlain, type NumberInput } from './decimal';

interface FormatPercentOptions {
  /** Digits after the decimal point. Default 2. */
  decimals?: number;
  /** Prefix positive values with '+'. Default true. */
  sign?: boolean;
}

/** Direction of a change, for colouring. */
export type Trend = 'rise' | 'fall' | 'flat';

/**
 * Formats a value that is already a percentage: '--' when empty or non-finite, '+' on rises
 * (when `sign`), '-' on falls; a value that rounds to zero shows unsigned (`0.00%`).
 * @example formatPercent(1.234) // '+1.23%'; formatPercent(-0.5) // '-0.50%'
 */
export function formatPercent(value: NumberInput, opts: FormatPercentOptions = {}): string {
  const decimals = decimalCount(opts.decimals, 2);
  const showSign = opts.sign ?? true;
  const v = toNumber(value);
  if (!Number.isFinite(v)) return EMPTY;
  const r = roundDecimals(decimalOf(v), decimals);
  const text = `${toPlain(r, { minDecimals: decimals })}%`;
  if (isZero(r)) return text;
  return v < 0 ? `-${text}` : showSign ? `+${text}` : text;
}

/**
 * The direction of a change: 'rise' above zero, 'fall' below, 'flat' for zero and empty or
 * non-finite values.
 * @example trend(1.2) // 'rise'; trend('-0.5') // 'fall'; trend(null) // 'flat'
 */
export function trend(value: NumberInput): Trend {
  const v = toNumber(value);
  if (!Number.isFinite(v) || v === 0) return 'flat';
  return v > 0 ? 'rise' : 'fall';
}
