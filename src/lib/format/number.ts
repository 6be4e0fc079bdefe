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

export interface FormatNumberOptions {
  /** Picks the abbreviation units (K/M/B/T/P, 万/亿/万亿 or 萬/億/萬億). Default 'en'. */
  locale?: Locale;
  /** Decimals shown with an abbreviation unit (and for 1000–1e4 in zh/zh-hk). Default 2. */
  decimals?: number;
  /** Abbreviate values above 1000; false shows 6 significant digits, grouped. Default true. */
  abbreviate?: boolean;
}

export interface FormatPriceOptions {
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
  ko: [
    { exp: 15, label: 'P' },
    { exp: 12, label: 'T' },
    { exp: 9, label: 'B' },
    { exp: 6, label: 'M' },
    { exp: 3, label: 'K' },
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
 * significant digits up to 1000, locale units above (or 6 grouped significant digits when not
 * abbreviating).
 * @example formatNumber(1234567) // '1.23M'; formatNumber(12345, { locale: 'zh' }) // '1.23万'
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
  const unit = (UNITS[locale] ?? UNITS.en).find((u) => d.exp >= u.exp);
  if (!unit) return sign + toPlain(roundDecimals(d, decimals), { group: true, minDecimals: decimals });
  return sign + toPlain(roundDecimals(shift(d, -unit.exp), decimals), { minDecimals: decimals }) + unit.label;
}

/**
 * Formats a price, never abbreviated: '--' when empty or zero, subscript zeros below 1e-7, 4
 * significant digits below 1, else grouped with exactly 2 decimals; the symbol follows a minus.
 * @example formatPrice(43210.1234) // '$43,210.12'; formatPrice(-1.5, { symbol: '€' }) // '-€1.50'
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
    if (r.exp < 0) return prefix + toPlain(r);
  }
  return prefix + toPlain(roundDecimals(d, 2), { group: true, minDecimals: 2 });
}
