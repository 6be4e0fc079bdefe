/**
 * What a reader gives the converter: an amount (typed, or `?amount=` in the URL) and a pair (the
 * readable path `/convert/btc-usd`, or the form's `from` and `to`). Shared by the page, the API
 * and the browser, so each refuses the same input with the same words.
 */
import { ratioOf, type Ratio } from './exact.ts';

/** Digits an amount may have before and after the point. */
export const MAX_INTEGER_DIGITS = 15;
export const MAX_FRACTION_DIGITS = 18;
/** Longer input is refused unread. */
const MAX_AMOUNT_LENGTH = 64;
/** The longest coin symbol or currency code looked up. */
export const MAX_CODE_LENGTH = 30;

/** Why an amount was refused: the key under `convert.problem.` that says so. */
export type AmountProblem = 'empty' | 'number' | 'negative' | 'digits' | 'zero';

export type ParsedAmount = { ok: true; value: Ratio; text: string } | { ok: false; problem: AmountProblem };

/** Thousands groups as en, zh and ko write them ("1,234,567.5"); a lone comma is not a decimal point here. */
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const PLAIN = /^\+?(\d*)(?:\.(\d*))?$/;

/**
 * Reads an amount: digits with one optional point, grouped or not, in full-width forms too
 * (NFKC: what a Chinese or Korean keyboard may type); not negative, not zero, at most
 * {@link MAX_INTEGER_DIGITS} + {@link MAX_FRACTION_DIGITS} digits. `text` is its canonical form
 * ("2.5"), for URLs and the API.
 * @example parseAmount('1,000.50') // { ok: true, value: { n: 2001n, d: 2n }, text: '1000.5' }
 * @example parseAmount('-1') // { ok: false, problem: 'negative' }
 */
export function parseAmount(raw: string): ParsedAmount {
  if (raw.length > MAX_AMOUNT_LENGTH) return { ok: false, problem: 'digits' };
  let s = raw.normalize('NFKC').replace(/\s+/g, '');
  if (!s) return { ok: false, problem: 'empty' };
  if (/^[-−–]/.test(s)) {
    const rest = s.slice(1).replace(/,/g, '');
    return PLAIN.test(rest) && /\d/.test(rest) ? { ok: false, problem: 'negative' } : bad();
  }
  if (GROUPED.test(s.replace(/^\+/, ''))) s = s.replace(/,/g, '');
  const m = PLAIN.exec(s);
  if (!m || !/\d/.test(s)) return bad();
  const int = (m[1] ?? '').replace(/^0+/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (int.length > MAX_INTEGER_DIGITS || frac.length > MAX_FRACTION_DIGITS) return { ok: false, problem: 'digits' };
  if (!int && !frac) return { ok: false, problem: 'zero' };
  const text = `${int || '0'}${frac ? `.${frac}` : ''}`;
  return { ok: true, value: ratioOf(text)!, text };
}

const bad = (): ParsedAmount => ({ ok: false, problem: 'number' });

/**
 * A currency code as typed or read from a URL: trimmed, upper case; null when empty, too long or
 * holding what no symbol holds (spaces, slashes, a query).
 */
export function normaliseCode(raw: string | null | undefined): string | null {
  const s = (raw ?? '').normalize('NFKC').trim();
  if (!s || s.length > MAX_CODE_LENGTH || /[\s/?#&\\]/.test(s)) return null;
  return s.toUpperCase();
}

/**
 * The ways a readable pair path's last segment splits into two codes, at each hyphen: "btc-usd"
 * has one; a symbol with a hyphen of its own makes more, which the server tries in order.
 * @example pairSplits('btc-usd') // [['BTC', 'USD']]
 */
export function pairSplits(segment: string): [string, string][] {
  const out: [string, string][] = [];
  for (let i = segment.indexOf('-'); i > 0; i = segment.indexOf('-', i + 1)) {
    const from = normaliseCode(segment.slice(0, i));
    const to = normaliseCode(segment.slice(i + 1));
    if (from && to) out.push([from, to]);
  }
  return out;
}

/** The readable path's last segment of a pair: lower case, each code escaped ("btc-usd"). */
export const pairSegment = (from: string, to: string): string =>
  `${encodeURIComponent(from.toLowerCase())}-${encodeURIComponent(to.toLowerCase())}`;

/**
 * The readable path of a conversion, without the locale prefix; the amount is left out when it
 * is 1 (the page's default).
 * @example convertPath('BTC', 'USD', '2.5') // '/convert/btc-usd?amount=2.5'
 */
export function convertPath(from: string, to: string, amount?: string | null): string {
  const path = `/convert/${pairSegment(from, to)}`;
  return amount && amount !== '1' ? `${path}?amount=${encodeURIComponent(amount)}` : path;
}
