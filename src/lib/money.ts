import { CURRENCY_SYMBOLS, formatNumber, formatPrice } from './format/index.ts';
import type { Locale } from './i18n/index.ts';

/**
 * Crypto currencies of the switcher and the coin whose price is their rate: they move with the
 * market, so a page takes their rate from the same prices it shows (a coin in its own currency
 * is exactly 1), and live cells move the rate with that coin's ticks.
 */
export const MARKET_RATE_COINS: Readonly<Record<string, string>> = { BTC: 'bitcoin', ETH: 'ethereum', USDT: 'tether' };

/**
 * Money display in the visitor's currency: amounts are stored in USD and converted with the
 * rate table (units per USD). An unknown rate falls back to USD rather than showing nonsense.
 * @example createMoney('en', 'EUR', { EUR: 0.92 }).price(100) // '€92.00'
 */
export function createMoney(locale: Locale, currency: string, rates: Record<string, number>) {
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
    /** A large amount (market cap, volume), abbreviated with the locale's units. */
    amount: (usd: number | null | undefined) => {
      const text = formatNumber(convert(usd), { locale });
      return text === '--' ? text : text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
    },
  };
}

export type Money = ReturnType<typeof createMoney>;
