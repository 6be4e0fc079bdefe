/**
 * Read model of the coin's analysis tab: price statistics from its stored daily candles (the
 * formulas live in priceAnalysis.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/index.ts';
import { klines } from '../../../server/db/schema/index.ts';
import { rangeStart, type TimeRange } from './formulas.ts';
import { analysePrice, type DailyClose, type PriceAnalysis } from './priceAnalysis.ts';
import { num } from '../../../server/db/numbers.ts';
import { coinFacts } from './coin.server.ts';

/* ---------- analysis ---------- */

async function dailyCloses(db: Db, id: string): Promise<DailyClose[]> {
  const rows = await db
    .select({ t: klines.openTime, close: klines.close, volume: klines.volume })
    .from(klines)
    .where(and(eq(klines.coinId, id), eq(klines.interval, '1d')))
    .orderBy(asc(klines.openTime));
  return rows.map((r) => ({ t: r.t.getTime(), close: num(r.close) ?? 0, volume: num(r.volume) ?? 0 }));
}

interface CoinAnalysis extends PriceAnalysis {
  /** Closes for the chart within the requested range. */
  range: TimeRange;
  chart: { t: number; close: number }[];
}

/** Price analysis from stored daily candles; null when the coin has no daily history. */
export async function getCoinAnalysis(db: Db, id: string, range: TimeRange): Promise<CoinAnalysis | null> {
  const coin = await coinFacts(db, id);
  const [series, btc] = await Promise.all([
    dailyCloses(db, id),
    id === 'bitcoin' ? Promise.resolve([]) : dailyCloses(db, 'bitcoin'),
  ]);
  if (series.length < 2) return null;
  // Ranges count back from the end of the latest candle, so stored history and clock agree.
  const now = series.at(-1)!.t + 86_400_000;
  const start = rangeStart(range, now);
  return {
    ...analysePrice(series, btc, { ...coin, isBitcoin: id === 'bitcoin' }, now),
    range,
    chart: series.filter((x) => x.t >= start).map((x) => ({ t: x.t, close: x.close })),
  };
}
