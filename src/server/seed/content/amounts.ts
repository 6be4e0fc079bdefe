/**
 * Money amounts in generated text, through the site's number format (SPEC §1: 万/亿 in Chinese,
 * million/billion in English), so a generated headline reads like a written one: "2200万美元",
 * never "22百万美元".
 */
import { formatNumber } from '../../../lib/format/number.ts';

/** Drops the zeros the two fixed decimals leave: "2200.00万" → "2200万", "1.20亿" → "1.2亿". */
const trim = (s: string) => s.replace(/\.(\d*?)0+(?=\D*$)/, '.$1').replace(/\.(?=\D*$)/, '');

/**
 * A count in Chinese prose (tokens, addresses).
 * @example zhQuantity(50_000_000) // '5000万'
 */
export function zhQuantity(n: number): string {
  return trim(formatNumber(n, { locale: 'zh' }));
}

const EN_WORDS: Record<string, string> = { K: ' thousand', M: ' million', B: ' billion', T: ' trillion' };

/**
 * A US dollar amount in prose.
 * @example usdAmount(22_000_000, 'zh') // '2200万美元'
 * @example usdAmount(120_000_000, 'zh') // '1.2亿美元'
 * @example usdAmount(22_000_000, 'en') // '$22 million'
 */
export function usdAmount(usd: number, lang: 'en' | 'zh'): string {
  if (lang === 'zh') return `${trim(formatNumber(usd, { locale: 'zh' }))}美元`;
  const short = trim(formatNumber(usd, { locale: 'en' }));
  const unit = short.slice(-1);
  return EN_WORDS[unit] ? `$${short.slice(0, -1)}${EN_WORDS[unit]}` : `$${short}`;
}
