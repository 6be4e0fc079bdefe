import { formatPercent } from './percent';

/**
 * A number formatter that remembers its answers: a page prints the same few hundred prices,
 * changes and amounts as the page before it until the market moves, and exact decimal
 * formatting is not free. Only numbers are remembered (null and undefined go straight through);
 * past `max` values it starts again, which bounds the memory of a moving market.
 * @example const pct = remembering((v) => formatPercent(v)); pct(1.5) // '+1.50%', computed once
 */
export function remembering<T extends number | null | undefined>(
  format: (value: T) => string,
  max = 5_000,
): (value: T) => string {
  const seen = new Map<number, string>();
  return (value: T): string => {
    if (typeof value !== 'number') return format(value);
    let text = seen.get(value);
    if (text === undefined) {
      if (seen.size >= max) seen.clear();
      text = format(value);
      seen.set(value, text);
    }
    return text;
  };
}

/** formatPercent's default text ("+1.23%"), remembered: every change cell of every list prints one. */
export const rememberedPercent = remembering((value: number | null | undefined) => formatPercent(value));
