import { ofetch } from 'ofetch';
import { apiLanguage, toLocale } from '../lib/i18n/index.ts';
import { signature } from '../lib/signature.ts';

/** The API envelope of every /api response. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Page-level facts the layout writes on <html>: locale and signing salt. */
function pageFacts() {
  const el = document.documentElement;
  return { locale: toLocale(el.dataset.locale) ?? 'zh', salt: el.dataset.signSalt ?? 'coinlens' };
}

/**
 * GET an /api path with the `t` signature and `lan` of SPEC §7; resolves to `data` on
 * code 0 and rejects with ApiError otherwise.
 * @example const coins = await apiGet<QuickSearchItem[]>('/v1/quick_search/coin')
 */
export async function apiGet<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const { locale, salt } = pageFacts();
  const t = await signature(Date.now(), salt);
  const res = await ofetch<Envelope<T>>(`/api${path}`, {
    query: { ...query, t, lan: apiLanguage(locale) },
    ignoreResponseError: true,
    retry: 1,
    timeout: 10_000,
  });
  if (!res || res.code !== 0) throw new ApiError(res?.code ?? -1, res?.msg ?? 'request failed');
  return res.data;
}
