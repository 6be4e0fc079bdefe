import { describe, expect, it } from 'vitest';
import {
  chartPoints,
  COIN_TABS,
  depth1Percent,
  flowWindows,
  holderGroups,
  isCoinTab,
  isTimeRange,
  rangeStart,
  ratingAggregate,
  spreadRate,
  weeksInRange,
} from './formulas.ts';
import {
  alignedReturns,
  analysePrice,
  annualisedVolatility,
  beta,
  correlation,
  dailyReturns,
  maxDrawdown,
  periodReturns,
  type DailyClose,
} from './priceAnalysis.ts';

const DAY = 86_400_000;

describe('spreadRate (SPEC §9: (ask − bid) / ask × 100)', () => {
  it('computes the percentage of the ask', () => {
    expect(spreadRate(99, 100)).toBeCloseTo(1, 12);
    expect(spreadRate(99.95, 100)).toBeCloseTo(0.05, 10);
  });
  it('is null without a usable book', () => {
    expect(spreadRate(null, 100)).toBeNull();
    expect(spreadRate(1, 0)).toBeNull();
    expect(spreadRate(101, 100)).toBeNull();
  });
});

describe('depth1Percent', () => {
  it('adds both sides and keeps each side', () => {
    expect(depth1Percent(1200, 800)).toEqual({ plus: 1200, minus: 800, total: 2000 });
    expect(depth1Percent(null, 5)).toEqual({ plus: null, minus: 5, total: 5 });
    expect(depth1Percent(null, null).total).toBeNull();
  });
});

describe('holderGroups (top 10/20/50/100 shares of circulating supply)', () => {
  const balances = Array.from({ length: 100 }, (_, i) => 100 - i); // 100, 99, … 1
  it('sums the top N balances and divides by the circulating supply', () => {
    const groups = holderGroups(balances, 10_000);
    expect(groups.map((g) => g.top)).toEqual([10, 20, 50, 100]);
    expect(groups[0]).toEqual({ top: 10, addresses: 10, balance: 955, share: 9.55 });
    expect(groups[1]!.balance).toBe(1810);
    expect(groups[2]!.balance).toBe(3775);
    expect(groups[3]!.balance).toBe(5050);
    expect(groups[3]!.share).toBeCloseTo(50.5, 10);
  });
  it('sorts unsorted input, ignores non-positive balances and handles short lists', () => {
    const groups = holderGroups([1, 5, 0, -3, 4], 100);
    expect(groups[0]).toEqual({ top: 10, addresses: 3, balance: 10, share: 10 });
    expect(groups[3]!.addresses).toBe(3);
  });
  it('has no share without a supply', () => {
    expect(holderGroups([1, 2], null)[0]!.share).toBeNull();
    expect(holderGroups([1, 2], 0)[0]!.share).toBeNull();
  });
});

describe('flowWindows', () => {
  it('orders the four windows, recomputes net = in − out and the ratios', () => {
    const out = flowWindows([
      { window: '7d', inflow: 700, outflow: 300, netflow: 999 },
      { window: '30m', inflow: 30, outflow: 70, netflow: -40 },
      { window: '1d', inflow: 0, outflow: 0, netflow: 0 },
    ]);
    expect(out.map((w) => w.window)).toEqual(['30m', '1d', '7d']);
    expect(out[0]).toMatchObject({ netflow: -40, netRatio: -40, inShare: 30 });
    expect(out[2]).toMatchObject({ netflow: 400, netRatio: 40, inShare: 70 });
    expect(out[1]).toMatchObject({ netRatio: null, inShare: null });
  });
});

describe('ratingAggregate (SPEC §3 labels, §9 max 5 / low 2 / high 4)', () => {
  const dims = ['team', 'product'];
  it('averages overall and each dimension, ignoring out-of-range scores', () => {
    const agg = ratingAggregate(
      [
        { overall: 5, ratings: { team: 5, product: 4 } },
        { overall: 4, ratings: { team: 4, product: 9 } },
        { overall: 3, ratings: { team: 'x' } },
      ],
      dims,
    );
    expect(agg.count).toBe(3);
    expect(agg.overall).toBe(4);
    expect(agg.label).toBe('veryGood');
    expect(agg.level).toBe('high');
    expect(agg.max).toBe(5);
    expect(agg.distribution).toEqual([
      { label: 'bad', count: 0 },
      { label: 'general', count: 0 },
      { label: 'good', count: 1 },
      { label: 'veryGood', count: 1 },
      { label: 'great', count: 1 },
    ]);
    expect(agg.dimensions).toEqual([
      { key: 'team', average: 4.5, count: 2, level: 'high' },
      { key: 'product', average: 4, count: 1, level: 'high' },
    ]);
  });
  it('labels low scores and handles no reviews', () => {
    const low = ratingAggregate([{ overall: 1.2, ratings: { team: 2 } }], dims);
    expect(low.label).toBe('bad');
    expect(low.level).toBe('low');
    expect(low.dimensions[0]!.level).toBe('low');
    const none = ratingAggregate([], dims);
    expect(none).toMatchObject({ count: 0, overall: null, label: null, level: null });
    expect(none.dimensions.every((d) => d.average === null)).toBe(true);
  });
  it.each([
    [1.4, 'bad'],
    [2, 'general'],
    [3, 'good'],
    [4.2, 'veryGood'],
    [4.6, 'great'],
  ] as const)('overall %s → %s', (score, label) =>
    expect(ratingAggregate([{ overall: score, ratings: {} }], dims).label).toBe(label),
  );
});

describe('time ranges', () => {
  const now = Date.UTC(2026, 10, 20, 12);
  it('counts back from now; YTD starts on 1 January UTC', () => {
    expect(rangeStart('1W', now)).toBe(now - 7 * DAY);
    expect(rangeStart('1M', now)).toBe(now - 30 * DAY);
    expect(rangeStart('1Y', now)).toBe(now - 365 * DAY);
    expect(rangeStart('YTD', now)).toBe(Date.UTC(2026, 0, 1));
  });
  it('maps ranges to weekly buckets', () => {
    expect(weeksInRange('1W', now)).toBe(1);
    expect(weeksInRange('1M', now)).toBe(5);
    expect(weeksInRange('3M', now)).toBe(13);
    expect(weeksInRange('1Y', now)).toBe(52);
    expect(weeksInRange('YTD', now)).toBe(47);
  });
  it('validates range and tab names', () => {
    expect(isTimeRange('3M')).toBe(true);
    expect(isTimeRange('2Y')).toBe(false);
    expect(isTimeRange(null)).toBe(false);
    expect(COIN_TABS).toHaveLength(20);
    expect(isCoinTab('flow')).toBe(true);
    expect(isCoinTab('nope')).toBe(false);
  });
});

describe('price statistics', () => {
  it('computes daily returns and annualised volatility', () => {
    const r0 = dailyReturns([100, 110, 99, 0, 5]);
    expect(r0).toHaveLength(3); // no return from a zero close
    expect(r0[0]).toBeCloseTo(0.1, 12);
    expect(r0[1]).toBeCloseTo(-0.1, 12);
    expect(r0[2]).toBe(-1);
    // Returns +1 %, −1 % alternating: sample stdev ≈ 0.01095 → × √365 × 100.
    const closes = [100, 101, 99.99, 100.9899, 99.979801];
    const r = dailyReturns(closes);
    const m = r.reduce((a, b) => a + b, 0) / r.length;
    const sd = Math.sqrt(r.reduce((a, b) => a + (b - m) ** 2, 0) / (r.length - 1));
    expect(annualisedVolatility(closes)).toBeCloseTo(sd * Math.sqrt(365) * 100, 10);
    expect(annualisedVolatility([1])).toBeNull();
    expect(annualisedVolatility([5, 5, 5])).toBe(0);
  });
  it('finds the largest peak-to-trough fall', () => {
    expect(maxDrawdown([100, 120, 60, 90, 130, 117])).toBeCloseTo(-50, 10);
    expect(maxDrawdown([1, 2, 3])).toBe(0);
    expect(maxDrawdown([1])).toBeNull();
  });
  it('computes correlation and beta', () => {
    expect(correlation([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 12);
    expect(correlation([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 12);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(beta([2, 4, 6, 8], [1, 2, 3, 4])).toBeCloseTo(2, 12);
  });
  it('aligns returns on common days only', () => {
    const a: DailyClose[] = [0, 1, 2, 3].map((d) => ({ t: d * DAY, close: 100 + d, volume: 0 }));
    const b: DailyClose[] = [1, 2, 3].map((d) => ({ t: d * DAY, close: 10 * d, volume: 0 }));
    const r = alignedReturns(a, b);
    expect(r.a).toEqual([102 / 101 - 1, 103 / 102 - 1]);
    expect(r.b).toEqual([1, 0.5]);
  });
  it('measures returns over each range from the close at or before its start', () => {
    const now = Date.UTC(2026, 10, 20);
    const series: DailyClose[] = Array.from({ length: 400 }, (_, i) => ({
      t: now - (399 - i) * DAY,
      close: 100 + i,
      volume: 1,
    }));
    const ret = Object.fromEntries(periodReturns(series, now).map((r) => [r.range, r.change]));
    expect(ret['1W']).toBeCloseTo((499 / 492 - 1) * 100, 10);
    expect(ret['1Y']).toBeCloseTo((499 / 134 - 1) * 100, 10);
    const short = periodReturns(series.slice(-10), now);
    expect(short.find((r) => r.range === '1M')!.change).toBeNull();
  });
  it('analyses a coin against bitcoin', () => {
    const now = Date.UTC(2026, 10, 20);
    const btc: DailyClose[] = Array.from({ length: 60 }, (_, i) => ({
      t: now - (59 - i) * DAY,
      close: 100 * (1 + 0.01 * Math.sin(i)),
      volume: 10,
    }));
    const coin: DailyClose[] = btc.map((x) => ({ ...x, close: x.close * 2, volume: 50 }));
    const a = analysePrice(coin, btc, { price: 200, ath: 400, atl: 50, marketCap: 1000, isBitcoin: false }, now);
    expect(a.correlationBtc).toBeCloseTo(1, 10);
    expect(a.betaBtc).toBeCloseTo(1, 10);
    expect(a.fromAth).toBe(-50);
    expect(a.fromAtl).toBe(300);
    expect(a.avgVolume30d).toBe(50);
    expect(a.avgTurnover30d).toBe(5);
    expect(a.days).toBe(60);
    expect(a.bestDay!.change).toBeGreaterThan(0);
    expect(a.worstDay!.change).toBeLessThan(0);
    expect(a.upDays).toBeGreaterThan(0);
    expect(analysePrice(btc, [], { price: 1, ath: 1, atl: 1, marketCap: 1, isBitcoin: true }, now).correlationBtc).toBe(
      1,
    );
  });
});

describe('chartPoints', () => {
  it('scales values into the box from zero', () => {
    expect(chartPoints([0, 5, 10], 100, 50)).toEqual([
      { x: 0, y: 50, h: 0 },
      { x: 50, y: 25, h: 25 },
      { x: 100, y: 0, h: 50 },
    ]);
    expect(chartPoints([], 10, 10)).toEqual([]);
    expect(chartPoints([10, 20], 10, 10, false)[0]).toEqual({ x: 0, y: 10, h: 0 });
  });
});
