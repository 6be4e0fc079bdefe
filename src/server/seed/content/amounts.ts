/**
 * Amounts in generated text, through the site's number format (SPEC §1: 万/亿 in Chinese,
 * million/billion in English), so a generated headline reads like a written one: "2200万美元",
 * never "22百万美元"; "$1.2 billion", never "$1200 million".
 */
import { formatNumber } from '../../../lib/format/number.ts';

/**
 * A count in Chinese prose (tokens, addresses).
 * @example zhQuantity(50_000_000) // '5000万'
 */
export function zhQuantity(n: number): string {
  return formatNumber(n, { locale: 'zh' });
}

const EN_WORDS: Record<string, string> = { K: ' thousand', M: ' million', B: ' billion', T: ' trillion' };

/**
 * A count in English prose (tokens), in words from a million up.
 * @example enQuantity(1_200_000_000) // '1.2 billion'
 * @example enQuantity(5_000) // '5,000'
 */
export function enQuantity(n: number): string {
  if (Math.abs(n) < 1e6) return formatNumber(n, { abbreviate: false });
  const short = formatNumber(n, { locale: 'en' });
  const unit = short.slice(-1);
  return EN_WORDS[unit] ? `${short.slice(0, -1)}${EN_WORDS[unit]}` : short;
}

/**
 * A US dollar amount in prose.
 * @example usdAmount(22_000_000, 'zh') // '2200万美元'
 * @example usdAmount(120_000_000, 'zh') // '1.2亿美元'
 * @example usdAmount(22_000_000, 'en') // '$22 million'
 * @example usdAmount(1_200_000_000, 'en') // '$1.2 billion'
 */
export function usdAmount(usd: number, lang: 'en' | 'zh'): string {
  return lang === 'zh' ? `${formatNumber(usd, { locale: 'zh' })}美元` : `$${enQuantity(usd)}`;
}
