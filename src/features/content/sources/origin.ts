/**
 * Where a content item comes from, as readers see it: the source's name and the link to the
 * original (which every item shows), its byline, or that it is the demo seeder's. And the
 * Simplified Chinese items a Traditional Chinese reader is shown, converted with OpenCC (cn → hk)
 * and marked as converted.
 */
import * as OpenCC from 'opencc-js';
import { sourceName } from './catalogue.ts';

export interface Origin {
  /** The content source's id: 'demo' (the seeder), 'import' (`npm run import`) or a source's. */
  source: string;
  /** The source's name for readers; null for demo items and imports without a link. */
  name: string | null;
  /** The original, when it is an http(s) address. */
  link: string | null;
  author: string | null;
  demo: boolean;
}

/**
 * @example originOf('coindesk', 'https://www.coindesk.com/markets/2026/11/27/x') // { name: 'CoinDesk', demo: false, … }
 */
export function originOf(source: string, url: string | null, author: string | null = null): Origin {
  const link = url && /^https?:\/\//i.test(url) ? url : null;
  return { source, name: source === 'demo' ? null : sourceName(source, link), link, author, demo: source === 'demo' };
}

let toTraditional: ((text: string) => string) | undefined;

/**
 * Simplified Chinese text in Hong Kong Traditional characters and words.
 * @example traditional('比特币突破十万美元') // '比特幣突破十萬美元'
 */
export function traditional(text: string): string {
  toTraditional ??= OpenCC.Converter({ from: 'cn', to: 'hk' });
  return toTraditional(text);
}

/**
 * Items for a reader of `locales` (the page's row languages, its own first): on a Traditional
 * Chinese page, Simplified items are converted (the named text fields), written as 'zh-hk' and
 * marked `convertedFrom: 'zh'`; other items as they are.
 */
export function forReader<T extends { locale: string }>(
  items: T[],
  locales: readonly string[] | undefined,
  fields: readonly (keyof T)[],
): (T & { convertedFrom?: 'zh' })[] {
  if (locales?.[0] !== 'zh-hk') return items;
  return items.map((item) => {
    if (item.locale !== 'zh') return item;
    const out: T & { convertedFrom?: 'zh' } = { ...item, locale: 'zh-hk', convertedFrom: 'zh' };
    // A Chinese outlet's name, like its items, in the reader's script.
    const origin = (item as { origin?: Origin }).origin;
    if (origin?.name) (out as { origin?: Origin }).origin = { ...origin, name: traditional(origin.name) };
    for (const f of fields) {
      const value = item[f];
      if (typeof value === 'string') (out as Record<keyof T, unknown>)[f] = traditional(value);
    }
    return out;
  });
}
