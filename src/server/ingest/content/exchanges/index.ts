/**
 * Exchange announcements read from the exchanges' own public, keyless endpoints: one adapter per
 * source, each a pure reader of one round (SourceHttp does the fetching, budget and retries).
 */
import { SourceHttp, type HttpOptions } from '../../sources/http.ts';
import { bitget } from './bitget.ts';
import { bybit } from './bybit.ts';
import { coinbase } from './coinbase.ts';
import { kraken } from './kraken.ts';
import { kucoin } from './kucoin.ts';
import { okx } from './okx.ts';
import type { AnnouncementAdapter } from './types.ts';

export type { AnnouncementAdapter } from './types.ts';

export const ANNOUNCEMENT_ADAPTERS: AnnouncementAdapter[] = [okx, bybit, kucoin, bitget, kraken, coinbase];

/**
 * The SourceHttp of an adapter: its id as the name, its default base URL and its budget, unless
 * `options` say otherwise (a configured base URL, a test's fetch).
 * @example const items = await okx.read(announcementHttp(okx), 'en');
 */
export function announcementHttp(
  adapter: AnnouncementAdapter,
  options: Partial<Omit<HttpOptions, 'name'>> = {},
): SourceHttp {
  return new SourceHttp({
    name: adapter.id,
    baseUrl: adapter.defaultBaseUrl,
    budget: adapter.budget,
    ...(adapter.banStatuses ? { banStatuses: adapter.banStatuses } : {}),
    ...options,
  });
}
