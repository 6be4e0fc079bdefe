import { CURRENCY_SYMBOLS, formatNumber, formatPrice } from './format/index.ts';
import type { Locale } from './i18n/index.ts';

/**
 * Crypto currencies of the switcher and the coin whose price is their rate: they move with the
 * market, so a page takes their rate from the same prices it shows (a coin in its own currency
 * is exactly 1), and live cells move the rate with that coin's ticks.
 */
export const MARKET_RATE_COINS: Readonly<Record<string, string>> = { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether' };

/** The periods a coin's change is stored for. */
export type ChangePeriod = '1h' | '24h' | '7d' | '30d' | '1y';

/** The USD changes (percent) of a crypto currency's coin per period: what a change in that currency is measured against. */
export type BaseChanges = Partial<Record<ChangePeriod, number | null>>;

/**
 * A coin's change over a period (percent, stored against USD) as a change in `currency`. In USD
 * and the fiat currencies it is the same figure: their rates are fixed for the day, so the
 * converted prices move as the USD ones do. Against a crypto currency it is what the coin did
 * against that coin, (1 + c) / (1 + b) − 1 with b that coin's USD change: bitcoin in BTC is 0,
 * not bitcoin's USD change. Null when b is not known.
 * @example changeIn('BTC', 5, { '24h': -2 }) // 7.142857…
 */
export function changeIn(
  currency: string,
  usdPercent: number | null | undefined,
  base: BaseChanges,
  period: ChangePeriod = '24h',
): number | null {
  if (usdPercent === null || usdPercent === undefined || !Number.isFinite(usdPercent)) return null;
  if (!MARKET_RATE_COINS[currency]) return usdPercent;
  const b = base[period];
  if (b === null || b === undefined || !Number.isFinite(b) || b <= -100) return null;
  const out = ((1 + usdPercent / 100) / (1 + b / 100) - 1) * 100;
  return Math.abs(out) < 1e-9 ? 0 : out;
}

/** The page's BaseChanges, which the layout writes on <html> (`data-rate-changes`) in a crypto currency. */
export function rateChanges(el: { dataset: { rateChanges?: string | undefined } }): BaseChanges {
  try {
    const parsed: unknown = JSON.parse(el.dataset.rateChanges ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as BaseChanges) : {};
  } catch {
    return {};
  }
}

/**
 * Money display in the visitor's currency: amounts are stored in USD and converted with the
 * rate table (units per USD). An unknown rate falls back to USD rather than showing nonsense.
 * `base`: for a crypto currency, its coin's USD changes, which `change` measures against.
 * @example createMoney('en', 'EUR', { EUR: 0.92 }).price(100) // '€92.00'
 */
export function createMoney(locale: Locale, currency: string, rates: Record<string, number>, base: BaseChanges = {}) {
  const rate = currency === 'USD' ? 1 : rates[currency];
  const code = rate ? currency : 'USD';
  const factor = rate ?? 1;
  const symbol = CURRENCY_SYMBOLS[code] ?? `${code} `;
  const convert = (usd: number | null | undefined) => (usd === null || usd === undefined ? null : usd * factor);
  return {
    currency: code,
    symbol,
    convert,
    /** A unit price, never abbreviated. */
    price: (usd: number | null | undefined) => formatPrice(convert(usd), { locale, symbol }),
    /** A coin's change stored against USD, as a change in this currency (see changeIn). */
    change: (usdPercent: number | null | undefined, period: ChangePeriod = '24h') =>
      changeIn(code, usdPercent, base, period),
    /** A large amount (market cap, volume), abbreviated with the locale's units. */
    amount: (usd: number | null | undefined) => {
      const text = formatNumber(convert(usd), { locale });
      return text === '--' ? text : text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
    },
  };
}

export type Money = ReturnType<typeof createMoney>;
