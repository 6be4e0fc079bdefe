/**
 * What the watchlist draws from: the rows of tickersByIds and their types, the page's view for
 * the list markup, and the icons of the order controls.
 */
import type {
  coinTableHtml,
  exchangeTableHtml,
  MarkupView,
  pairTableHtml,
} from '../../../market/coins/client/index.ts';
import type { FavouriteType } from '../../../../lib/favourites.ts';
import { formatNumber, formatPair, formatPercent } from '../../../../lib/format/index.ts';
import { html } from '../../../../lib/html.ts';
import { toLocale } from '../../../../lib/i18n/index.ts';
import { createMoney, rateChanges } from '../../../../lib/money.ts';
import { ApiError, apiPost } from '../../../../stores/api.ts';

// localName: the coin's name in the request's language (tickersByIds adds it).
export type CoinRow = Parameters<typeof coinTableHtml>[1][number] & { localName?: string | null };
export type TickerRow = Parameters<typeof pairTableHtml>[1][number];
export type ExchangeRow = Parameters<typeof exchangeTableHtml>[1][number];
/** One answer item of tickersByIds. */
export type Row =
  | { id: string; type: 'COIN'; row: CoinRow }
  | { id: string; type: 'TICKER'; row: TickerRow }
  | { id: string; type: 'EXCHANGE'; row: ExchangeRow };

/**
 * POST favorite/tickers/tickersByIds: the rows of the watched coins, pairs and exchanges.
 * Rejects with the server's `msg` (in the page's language), or `offline` when there was no answer.
 */
export async function tickersByIds(tickers: Record<string, FavouriteType>, offline: string): Promise<Row[]> {
  try {
    const rows = await apiPost<Row[]>('/new/v1/favorite/tickers/tickersByIds', { tickers });
    if (Array.isArray(rows)) return rows;
  } catch (e) {
    if (e instanceof ApiError && e.status) throw new Error(e.message);
  }
  throw new Error(offline);
}

/** The page's view for the list markup: the same formatters the server uses, in the page's currency. */
export function clientView(t: MarkupView['t'], base: string): MarkupView {
  const el = document.documentElement;
  const locale = toLocale(el.dataset.locale) ?? 'en';
  const currency = el.dataset.currency ?? 'USD';
  const rate = Number(el.dataset.rate || 1);
  return {
    t,
    locale,
    money: createMoney(locale, currency, { [currency]: rate > 0 ? rate : 1 }, rateChanges(el)),
    href: (path) => `${base}${path === '/' && base ? '' : path}` || '/',
    number: (v, abbreviate = true) => formatNumber(v, { locale, abbreviate }),
    percent: (v) => formatPercent(v),
    pair: (pair) => formatPair(pair, (c) => t(`contract.${c}`)),
  };
}

export const ARROW_UP = html`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M8 3l5 6H3z"></path></svg>`;
export const ARROW_DOWN = html`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M8 13L3 7h10z"></path></svg>`;
export const GRIP = html`<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><circle cx="5" cy="4" r="1.3"></circle><circle cx="11" cy="4" r="1.3"></circle><circle cx="5" cy="8" r="1.3"></circle><circle cx="11" cy="8" r="1.3"></circle><circle cx="5" cy="12" r="1.3"></circle><circle cx="11" cy="12" r="1.3"></circle></svg>`;
