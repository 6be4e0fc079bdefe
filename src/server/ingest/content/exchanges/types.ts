import type { SourceHttp } from '../../sources/http.ts';
import type { ContentLocale, ImportItem } from '../item.ts';

/** An exchange's own announcement endpoint (public, keyless), read into import items. */
export interface AnnouncementAdapter {
  /** Source id, e.g. 'okx-announcements'. */
  id: string;
  /** exchanges.name in our database ('okx', 'bybit', 'coinbase-exchange' …). */
  exchange: string;
  /** Shown to readers: 'OKX announcements'. */
  name: string;
  defaultBaseUrl: string;
  /** Which of our content locales the source publishes; one request per locale per round. */
  locales: ContentLocale[];
  /** Licence / terms note shown on the methodology page, one sentence. */
  licence: string;
  /** One round for one locale: newest first, at most ~50 items. Throws SourceError (from SourceHttp) on failure. */
  read(http: SourceHttp, locale: ContentLocale, signal?: AbortSignal): Promise<ImportItem[]>;
  /** SourceHttp budget for this source (its published rate limit, we use a share). */
  budget: { limit: number; windowMs: number };
  /** Statuses by which the source bans a client (Bybit's 403): never retried, see SourceHttp. */
  banStatuses?: number[];
}
