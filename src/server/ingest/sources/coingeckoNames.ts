/**
 * What CoinGecko's names mean to us (coingecko.ts): our slugs of its exchange ids and market
 * names, the symbols we can list, a derivative's dollar quote, and the web addresses a page may link.
 */
import { slugify } from '../../../lib/slug.ts';

/**
 * An address a page may link to: http or https only (a `javascript:` link from a source would run
 * in our readers' browsers), of a sane length; null otherwise.
 */
export function webAddress(value: string | null | undefined): string | null {
  const s = value?.trim();
  if (!s || s.length > 500 || !URL.canParse(s)) return null;
  const url = new URL(s);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}

/** A symbol we can list: CoinGecko writes DEX tokens as contract addresses ("0X2260FAC5…"). */
export const SYMBOL = /^[A-Z0-9]{1,15}$/;

/**
 * Quotes a derivative may have: dollar-valued ones only, since CoinGecko gives a derivative's
 * volume in USD (read as quote volume; a stablecoin off its peg by 1 % moves it by 1 %).
 */
const DERIVATIVE_QUOTES = new Set(['USD', 'USDT', 'USDC', 'FDUSD', 'USDE', 'BUSD']);

/**
 * Our slugs of CoinGecko's exchange ids where the two differ. Our slugs are the seeder's, its
 * display names slugified ("Coinbase Exchange" → coinbase-exchange), so that an exchange keeps
 * its row (its reviews, the favourites that name it) when a source starts reporting it.
 */
export const OUR_EXCHANGE_SLUGS: Readonly<Record<string, string>> = {
  gdax: 'coinbase-exchange',
  okex: 'okx',
  bybit_spot: 'bybit',
  huobi: 'htx',
  gate: 'gate-io',
  crypto_com: 'crypto-com-exchange',
  mxc: 'mexc',
};

/** Names in CoinGecko's market lists whose slug is not ours ("Gate (Futures)" is Gate.io's, gate-io). */
const NAME_ALIASES: Readonly<Record<string, string>> = {
  gate: 'gate-io',
  huobi: 'htx',
  'crypto-com': 'crypto-com-exchange',
  mexc_global: 'mexc',
};

/**
 * Our slug and display name of a CoinGecko market name: "Bitget Futures", "Deepcoin
 * (Derivatives)" and "Bitget" are one exchange, "bitget".
 * @example marketExchange('Deepcoin (Derivatives)') // { name: 'deepcoin', displayName: 'Deepcoin' }
 */
export function marketExchange(market: string): { name: string; displayName: string } | null {
  const displayName = market
    .trim()
    .replace(/\s*\((futures|derivatives|perpetuals?|swaps?)\)$/i, '')
    .replace(/\s+(futures|derivatives)$/i, '')
    .trim();
  const slug = slugify(displayName);
  const name = NAME_ALIASES[slug] ?? slug;
  // Our slugs and names are short; an answer that is not is not an exchange's name.
  return name && displayName.length <= 80 && name.length <= 64 ? { name, displayName } : null;
}

/**
 * The quote asset of a derivative's symbol, given its base (CoinGecko's `index_id`): the rest of
 * the symbol once separators and perpetual markers are gone, when that is a dollar quote; null
 * otherwise (a multiplied contract such as 1000PEPEUSDT for PEPE, a contract naming no quote such
 * as BTC-27MAR26, an unreadable symbol): better no row than a wrong price.
 * @example derivativeQuote('BTC-PERPUSDT', 'BTC') // 'USDT'; derivativeQuote('BTCUSD_260327', 'BTC') // 'USD'
 */
export function derivativeQuote(symbol: string, base: string): string | null {
  const s = symbol.toUpperCase().replace(/[-_/:.\s]/g, '');
  if (!base || !s.startsWith(base)) return null;
  // Perpetual markers, and the delivery date of a dated contract (BTCUSDT_260327, ETH-USD-26JUN26).
  const rest = s
    .slice(base.length)
    .replace(/PERPETUAL|PERP|SWAP/g, '')
    .replace(/(\d{6}|\d{8}|\d{1,2}(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\d{2})$/, '');
  return DERIVATIVE_QUOTES.has(rest) ? rest : null;
}
