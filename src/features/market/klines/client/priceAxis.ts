/**
 * The price axis of the chart islands (lightweight-charts' `tickmarksPriceFormatter`): tick
 * labels with the decimals their spacing needs, none where the last-price label sits, and the
 * band along the bottom of the plot that the news markers live in.
 */
import { groupThousands } from '../../../../lib/format/decimal.ts';

/** The news markers' band along the bottom of the plot (px): the series keep above it. */
export const MARKER_BAND = 24;

/**
 * A tick label closer than this (px) to the last-price label would be partly covered by it,
 * its digits peeking out above or below (the label is about 17 px tall, a tick's text 12).
 */
export const LABEL_CLEARANCE = 15;

/**
 * Decimals that write every multiple of `step` exactly: 2,500 → 0, 0.25 → 2, 0.0005 → 4
 * (at most 12; a step that is not a number or not above 0 → 2).
 */
export function stepDecimals(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 2;
  for (let d = 0; d < 12; d++) {
    const scaled = step * 10 ** d;
    if (scaled >= 0.999_999 && Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return d;
  }
  return 12;
}

/**
 * The labels of the price axis's ticks: grouped by thousands, with as many decimals as the
 * spacing of the ticks needs ("110,000", not "110,000.00"; "0.0012" for ticks 0.0001 apart).
 * `hide` blanks a tick (the one under the last-price label). One tick alone takes the decimals
 * of its own value.
 * @example tickLabels([100000, 102500, 105000]) // ['100,000', '102,500', '105,000']
 */
export function tickLabels(prices: readonly number[], hide: (price: number) => boolean = () => false): string[] {
  let step = Infinity;
  for (let i = 1; i < prices.length; i++) step = Math.min(step, Math.abs(prices[i]! - prices[i - 1]!));
  const decimals = stepDecimals(Number.isFinite(step) && step > 0 ? step : Math.abs(prices[0] ?? 0));
  return prices.map((p) => {
    if (hide(p)) return '';
    const [int, frac] = Math.abs(p).toFixed(decimals).split('.');
    return `${p < 0 ? '-' : ''}${groupThousands(int!)}${frac ? `.${frac}` : ''}`;
  });
}

/**
 * A `tickmarksPriceFormatter` for a chart whose main series is `series()`: ticks within
 * LABEL_CLEARANCE of the series' last value are left blank (the last-price label sits there).
 * `last()` is that value, in the series' units.
 */
export function axisFormatter(
  series: () => { priceToCoordinate(price: number): number | null } | null,
  last: () => number | null,
): (prices: number[]) => string[] {
  return (prices) => {
    const s = series();
    const value = last();
    const at = s && value !== null ? s.priceToCoordinate(value) : null;
    return tickLabels(prices, (p) => {
      if (at === null || !s) return false;
      const y = s.priceToCoordinate(p);
      return y !== null && Math.abs(y - at) < LABEL_CLEARANCE;
    });
  };
}
