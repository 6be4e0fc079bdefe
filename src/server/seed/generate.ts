/**
 * The pure demo-data generator: `generateDemoData(now)` returns every row to insert, and the
 * same `now` always gives the same rows. Only timestamps depend on `now` (histories end at
 * the current hour); prices, supplies, listings and volumes do not.
 */
import type {
  coinNames as coinNamesTable,
  rates as ratesTable,
  siteMeta as siteMetaTable,
} from '../db/schema/index.ts';
import { COIN_NAMES } from './data/coin-names.ts';
import { CONCEPTS, TAGS } from './data/taxonomy.ts';
import { EXCHANGE_SEEDS } from './data/exchanges-data.ts';
import { generateCoins, type CoinOutput, type CoinRow } from './coins-gen.ts';
import { dec } from './decimal.ts';
import { generateExchanges, type ExchangeRow } from './exchanges-gen.ts';
import { layout } from './history.ts';
import { DemoHistory } from './klines-gen.ts';
import { generateTickers, type TickerRow } from './tickers-gen.ts';
import { buildUniverse } from './universe.ts';
import { extraCoinCount, extraExchangeCount, generatedCoins } from './scale.ts';
import { generateDepth, type DepthData } from './depth-gen.ts';

type RateRow = typeof ratesTable.$inferInsert;
type SiteMetaRow = typeof siteMetaTable.$inferInsert;
type CoinNameRow = typeof coinNamesTable.$inferInsert;

export interface DemoData extends DepthData {
  coins: CoinRow[];
  coinLinks: CoinOutput['links'];
  /** Localised names of the top coins (zh, zh-hk, ko). */
  coinNames: CoinNameRow[];
  tags: { slug: string; name: string }[];
  concepts: { slug: string; name: string; description: string }[];
  coinTags: CoinOutput['tags'];
  coinConcepts: CoinOutput['concepts'];
  exchanges: ExchangeRow[];
  /** Tickers name their exchange by slug; the writer maps it to the serial id. */
  tickers: TickerRow[];
  /** Every coin's candles and the market history summed from them, produced while written. */
  history: DemoHistory;
  rates: RateRow[];
  siteMeta: SiteMetaRow[];
}

/** Fiat units per US dollar. */
const FIAT_RATES: Record<string, number> = {
  CNY: 7.12,
  JPY: 150.3,
  KRW: 1389.5,
  HKD: 7.79,
  TWD: 32.1,
  EUR: 0.921,
};

/** The localised names of the hand-written top coins, matched by symbol. */
function localNames(universe: readonly { id: string; symbol: string; top: unknown }[]): CoinNameRow[] {
  return universe.flatMap((c) => {
    const names = c.top ? COIN_NAMES[c.symbol] : undefined;
    return names
      ? Object.entries(names).flatMap(([locale, name]) => (name ? [{ coinId: c.id, locale, name }] : []))
      : [];
  });
}

interface GenerateOptions {
  /**
   * How many coins in all (SEED_COINS): the real universe plus generated coins ranked below it,
   * with generated exchanges in proportion (scale.ts). Unset: the real universe alone.
   */
  coins?: number;
}

export function generateDemoData(now: Date = new Date(), options: GenerateOptions = {}): DemoData {
  const lay = layout(now);
  const real = buildUniverse();
  const extraCoins = extraCoinCount(real.length, options.coins);
  const universe = extraCoins > 0 ? [...real, ...generatedCoins(real.length + 1, extraCoins)] : real;
  const coinOut = generateCoins(universe, lay, now, EXCHANGE_SEEDS);
  const priceOf = (symbol: string) => {
    const m = coinOut.markets.find((x) => x.symbol === symbol);
    if (!m) throw new Error(`seed: no ${symbol} price`);
    return m.price;
  };
  // Units per USD: fiat from the table, USDT from its price, BTC/ETH as 1 / price.
  const rateValues: Record<string, number> = {
    USD: 1,
    USDT: 1 / priceOf('USDT'),
    ...FIAT_RATES,
    BTC: 1 / priceOf('BTC'),
    ETH: 1 / priceOf('ETH'),
  };
  const rates: RateRow[] = Object.entries(rateValues).map(([symbol, rate]) => ({
    symbol,
    rate: dec(rate),
    updatedAt: now,
  }));
  const quoteRates: Record<string, number> = {};
  for (const r of rates) quoteRates[r.symbol] = Number(r.rate);
  quoteRates.USDC = 1 / priceOf('USDC');

  const exchanges = generateExchanges(now, extraExchangeCount(real.length, EXCHANGE_SEEDS.length, extraCoins));
  const tickers = generateTickers(exchanges, coinOut.markets, quoteRates, now);

  // Coin-tab depth (flows, holders, chain, repos …) and demo users with their reviews.
  const depth = generateDepth({
    coins: coinOut.rows,
    coinLinks: coinOut.links,
    exchanges: exchanges.map((e) => e.row),
    tickers: tickers.rows,
    now,
  });

  return {
    ...depth,
    coins: coinOut.rows,
    coinLinks: coinOut.links,
    coinNames: localNames(universe),
    tags: TAGS.map((t) => ({ ...t })),
    concepts: CONCEPTS.map((c) => ({ ...c })),
    coinTags: coinOut.tags,
    coinConcepts: coinOut.concepts,
    exchanges: exchanges.map((e) => e.row),
    tickers: tickers.rows,
    history: new DemoHistory(coinOut.markets, now),
    rates,
    siteMeta: [{ key: 'data_source', value: { source: 'demo', seededAt: now.toISOString() }, updatedAt: now }],
  };
}
