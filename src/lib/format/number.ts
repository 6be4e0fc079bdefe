import {
  EMPTY,
  decimalCount,
  decimalOf,
  roundDecimals,
  roundSignificant,
  shift,
  subscriptDigits,
  toNumber,
  toPlain,
  type Decimal,
  type NumberInput,
} from './decimal';
import type { Locale } from './locale';

export type { NumberInput } from './decimal';

interface FormatNumberOptions {
  /** Picks the abbreviation units (K/M/B/T/P; 万/亿/万亿, 萬/億/萬億, 만/억/조). Default 'en'. */
  locale?: Locale;
  /**
   * The most decimals a figure above 1000 shows, trailing zeros dropped ("10K", "1.5M", "1.23亿",
   * never "10.00K"). Default 2.
   */
  decimals?: number;
  /** Abbreviate values above 1000; false shows 6 significant digits, grouped. Default true. */
  abbreviate?: boolean;
}

interface FormatPriceOptions {
  /** Accepted for symmetry with formatNumber; prices read the same in every locale. */
  locale?: Locale;
  /** Currency symbol placed before the digits (after a minus sign). Default '$'. */
  symbol?: string;
}

/** Display symbols of the supported currency codes. */
export const CURRENCY_SYMBOLS: Record<string, string> = {
  CNY: '¥',
  USD: '$',
  USDT: '₮',
  BTC: '₿',
  ETH: 'Ξ',
  JPY: 'JP¥',
  KRW: '₩',
  HKD: 'HK$',
  TWD: 'NT$',
  EUR: '€',
};

interface Unit {
  /** The unit is 10^exp. */
  readonly exp: number;
  readonly label: string;
}

/** Abbreviation units per locale, largest first. */
const UNITS: Record<Locale, readonly Unit[]> = {
  en: [
    { exp: 15, label: 'P' },
    { exp: 12, label: 'T' },
    { exp: 9, label: 'B' },
    { exp: 6, label: 'M' },
    { exp: 3, label: 'K' },
  ],
  // Korean counts in myriads like Chinese: 만 10^4, 억 10^8, 조 10^12 ("₩2620조", not "₩2.62P").
  ko: [
    { exp: 12, label: '조' },
    { exp: 8, label: '억' },
    { exp: 4, label: '만' },
  ],
  zh: [
    { exp: 12, label: '万亿' },
    { exp: 8, label: '亿' },
    { exp: 4, label: '万' },
  ],
  'zh-hk': [
    { exp: 12, label: '萬億' },
    { exp: 8, label: '億' },
    { exp: 4, label: '萬' },
  ],
};

/** Values whose decimal exponent is below this (|v| < 1e-7) use the subscript notation. */
const SUBSCRIPT_EXP = -7;

/**
 * The unsigned text of a magnitude below 1e-7 (4 significant digits): `0.0₈1234`, or plain
 * `0.0000001` when it rounds up to 1e-7; null for larger magnitudes.
 */
function tiny(d: Decimal): string | null {
  if (d.exp >= SUBSCRIPT_EXP) return null;
  const r = roundSignificant(d, 4);
  if (r.exp >= SUBSCRIPT_EXP) return toPlain(r);
  return `0.0${subscriptDigits(-r.exp - 1)}${r.digits}`;
}

/**
 * Formats a number for display: '--' when empty or zero, subscript zeros below 1e-7, 4
 * significant digits up to 1000, locale units above with at most `decimals` decimals and no
 * trailing zeros (or 6 grouped significant digits when not abbreviating). Chinese and Korean
 * write figures under their smallest unit (1万, 1만) out in full, grouped. A figure that rounds
 * up to the next unit takes it: 999,999 is "1M", not "1000K".
 * @example formatNumber(1234567) // '1.23M'; formatNumber(10000) // '10K'
 * @example formatNumber(12345, { locale: 'zh' }) // '1.23万'; formatNumber(2.62e15, { locale: 'ko' }) // '2620조'
 */
export function formatNumber(value: NumberInput, opts: FormatNumberOptions = {}): string {
  const locale = opts.locale ?? 'en';
  const decimals = decimalCount(opts.decimals, 2);
  const abbreviate = opts.abbreviate ?? true;
  const v = toNumber(value);
  if (!Number.isFinite(v) || v === 0) return EMPTY;
  const sign = v < 0 ? '-' : '';
  const d = decimalOf(v);
  const small = tiny(d);
  if (small !== null) return sign + small;
  if (!abbreviate) return sign + toPlain(roundSignificant(d, 6), { group: true });
  if (Math.abs(v) <= 1000) return sign + toPlain(roundSignificant(d, 4));
  const units = UNITS[locale] ?? UNITS.en;
  // The largest unit the value reaches (units.length: none, as for 1000–9999 in Chinese).
  let i = units.findIndex((u) => d.exp >= u.exp);
  if (i === -1) i = units.length;
  for (;;) {
    const unit = units[i];
    const rounded = roundDecimals(shift(d, -(unit?.exp ?? 0)), decimals);
    const larger = units[i - 1];
    if (larger && rounded.exp + (unit?.exp ?? 0) >= larger.exp) {
      i -= 1;
      continue;
    }
    return sign + (unit ? toPlain(rounded) + unit.label : toPlain(rounded, { group: true }));
  }
}

/**
 * Formats a price, never abbreviated: '--' when empty or zero, subscript zeros below 1e-7, 4
 * significant digits below 1 but never fewer than 2 decimals (a column reads $0.10 beside
 * $0.0086 and $1.20), else grouped with exactly 2 decimals; the symbol follows a minus.
 * @example formatPrice(43210.1234) // '$43,210.12'; formatPrice(-1.5, { symbol: '€' }) // '-€1.50'
 * @example formatPrice(0.1) // '$0.10'; formatPrice(0.0086) // '$0.0086'
 */
export function formatPrice(value: NumberInput, opts: FormatPriceOptions = {}): string {
  const symbol = opts.symbol ?? '$';
  const v = toNumber(value);
  if (!Number.isFinite(v) || v === 0) return EMPTY;
  const prefix = (v < 0 ? '-' : '') + symbol;
  const d = decimalOf(v);
  const small = tiny(d);
  if (small !== null) return prefix + small;
  if (d.exp < 0) {
    const r = roundSignificant(d, 4);
    if (r.exp < 0) return prefix + toPlain(r, { minDecimals: 2 });
  }
  return prefix + toPlain(roundDecimals(d, 2), { group: true, minDecimals: 2 });
}
