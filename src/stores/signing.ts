import { apiLanguage, type Locale, toLocale } from '../lib/i18n/index.ts';
import { signature } from '../lib/signature.ts';

/*
 * The one request signer of the browser (SPEC §7): every /api call, stream and beacon carries
 * `t`, the signature of the current time with the page's salt, and `lan`, the page's language as
 * the API names it. Small on purpose: the page-view beacon loads it on every page.
 */

/** Page-level facts the layout writes on <html>: the page's language and the signing salt. */
export function pageFacts(): { locale: Locale; salt: string } {
  const el = document.documentElement;
  return { locale: toLocale(el.dataset.locale) ?? 'zh', salt: el.dataset.signSalt ?? 'coinlens' };
}

export type Query = Record<string, string | number | undefined>;

/**
 * The query of a signed /api request: the values that are set, then `t` and `lan`.
 * @example `/api/stream/prices?${await signedQuery({ symbols: 'bitcoin' })}`
 */
export async function signedQuery(query: Query = {}): Promise<URLSearchParams> {
  const { locale, salt } = pageFacts();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  params.set('t', await signature(Date.now(), salt));
  // lan is zh for zh-hk too (SPEC §7); the client sends the page's own language as X-Locale.
  params.set('lan', apiLanguage(locale));
  return params;
}
