/**
 * Provenance and freshness in markup: which sources a number comes from and how old it is
 * ("updated 12 s ago"), for the header badge, the coin header and the market tables.
 */
import { html, type SafeHtml } from './html.ts';
import type { Locale } from './i18n/index.ts';

/**
 * What these need of a page's view: the server's View has it, and so has the browser's list view
 * (src/features/market/coins/client/markup.ts), whose clock is the reader's when it has none.
 */
export interface AgeView {
  t(key: string, vars?: Record<string, string | number>): string;
  locale: Locale;
  now?: number;
}
type View = AgeView;

/** How the site names each source. */
const SOURCE_LABELS: Record<string, string> = {
  binance: 'Binance',
  'binance-futures': 'Binance Futures',
  okx: 'OKX',
  bybit: 'Bybit',
  kraken: 'Kraken',
  coingecko: 'CoinGecko',
};

export const sourceLabel = (name: string): string => SOURCE_LABELS[name] ?? name;

/** "Binance, OKX and Kraken" in the reader's language (a list, not a sentence). */
export function sourceList(v: Pick<View, 'locale'>, names: readonly string[]): string {
  const labels = [...new Set(names.map(sourceLabel))];
  return new Intl.ListFormat(v.locale === 'zh-hk' ? 'zh-Hant-HK' : v.locale, {
    style: 'long',
    type: 'conjunction',
  }).format(labels);
}

/** An age: "12 s ago" (or "12 s" when `plain`), seconds below a minute, then minutes, hours, days. */
export function ageText(v: View, iso: string | null, plain = false): string {
  if (!iso) return '--';
  const s = Math.max(0, Math.round(((v.now ?? Date.now()) - Date.parse(iso)) / 1000));
  const [key, count] =
    s < 60
      ? ['Seconds', s]
      : s < 3600
        ? ['Minutes', Math.floor(s / 60)]
        : s < 86_400
          ? ['Hours', Math.floor(s / 3600)]
          : ['Days', Math.floor(s / 86_400)];
  return v.t(`provenance.age${key}${plain ? 'Plain' : ''}`, { n: count });
}

/** The age as a <time> element that also carries the moment itself (machine-readable). */
function ageHtml(v: View, iso: string | null): SafeHtml {
  return iso ? html`<time datetime="${iso}" data-age>${ageText(v, iso)}</time>` : html`--`;
}

/** A sentence around an age ("updated {{age}}"), the age kept as its <time> element. */
export function sentenceWithAge(
  v: View,
  key: string,
  iso: string | null,
  values: Record<string, string> = {},
): SafeHtml {
  const MARK = '\u0000age\u0000';
  const [before = '', after = ''] = v.t(key, { ...values, age: MARK }).split(MARK);
  return html`${before}${ageHtml(v, iso)}${after}`;
}
