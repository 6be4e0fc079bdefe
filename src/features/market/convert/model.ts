/**
 * The two sides of a conversion and what they make: shared by the page, the API (which sends
 * legs and quotes as they are here) and the browser, which recomputes the quote as the reader
 * types and as prices arrive.
 */
import { amountText, divide, formatExact, multiply, ratioOf, toDecimalText, type Ratio } from './exact.ts';

/** One side of a conversion: a coin (by its USD price) or a fiat currency (by its rate per dollar). */
export interface Leg {
  /** The symbol or currency code, upper case: "BTC", "USD". */
  code: string;
  kind: 'coin' | 'fiat';
  /** The coin's id ("bitcoin"); null for a currency. */
  id: string | null;
  /** English name ("Bitcoin", "US Dollar"). */
  name: string;
  /** The name in the request's language (比特币, 美元), or null when it has none of its own. */
  localName: string | null;
  /** A coin's USD price, or a currency's units per US dollar (USD: 1), as an exact decimal string. */
  value: string;
  /** When that price or rate was observed (ISO); null for the US dollar, 1 by definition. */
  at: string | null;
  /** The market sources whose pairs made a coin's price ("binance"); empty for demo data and currencies. */
  sources: string[];
  /** A live price whose sources went quiet: the last good one. */
  stale: boolean;
}

/** What a conversion gives, as exact decimal strings (at most 20 significant digits). */
export interface Quote {
  amount: string;
  /** amount × rate. */
  result: string;
  /** What one unit of `from` is worth in `to`. */
  rate: string;
  /** What one unit of `to` is worth in `from`. */
  inverse: string;
}

/** A leg's worth in US dollars per unit: a coin's price, or 1 ÷ a currency's rate; null when unknown or zero. */
export function usdPerUnit(leg: Pick<Leg, 'kind' | 'value'>): Ratio | null {
  const v = ratioOf(leg.value);
  if (!v || v.n === 0n) return null;
  return leg.kind === 'coin' ? v : divide({ n: 1n, d: 1n }, v);
}

/** One unit of `from` in units of `to`; null when either side has no price. */
export function rateOf(from: Pick<Leg, 'kind' | 'value'>, to: Pick<Leg, 'kind' | 'value'>): Ratio | null {
  const a = usdPerUnit(from);
  const b = usdPerUnit(to);
  return a && b ? divide(a, b) : null;
}

/** The exact quote of `amount` from → to; null when a side has no price. */
export function quote(amount: Ratio, from: Leg, to: Leg): Quote | null {
  const rate = rateOf(from, to);
  const inverse = rateOf(to, from);
  if (!rate || !inverse) return null;
  return {
    // Every digit of the amount: at most 33 (input.ts).
    amount: toDecimalText(amount, 40),
    result: toDecimalText(multiply(amount, rate)),
    rate: toDecimalText(rate),
    inverse: toDecimalText(inverse),
  };
}

/** The lines a page shows for a conversion, each rounded once from the exact value (SPEC §9). */
export interface QuoteText {
  /** "2.5 BTC" */
  amount: string;
  /** "243,210.13 USD" */
  result: string;
  /** "1 BTC = 97,284.05 USD" */
  rate: string;
  /** "1 USD = 0.00001028 BTC" */
  inverse: string;
  /** The rate's digits alone ("97,284.05"), for sentences. */
  rateValue: string;
}

/** The lines of a conversion; null when a side has no price. */
export function quoteText(amount: Ratio, from: Leg, to: Leg): QuoteText | null {
  const rate = rateOf(from, to);
  const inverse = rateOf(to, from);
  if (!rate || !inverse) return null;
  const rateValue = formatExact(rate);
  return {
    amount: `${amountText(amount)} ${from.code}`,
    result: `${formatExact(multiply(amount, rate))} ${to.code}`,
    rate: `1 ${from.code} = ${rateValue} ${to.code}`,
    inverse: `1 ${to.code} = ${formatExact(inverse)} ${from.code}`,
    rateValue,
  };
}
