import { describe, expect, it } from 'vitest';
import type { GeckoExchangeTickers } from './coingecko.ts';
import { CoinGeckoMarkets, geckoMarketsPlan, type CoinGeckoMarketsOptions } from './coingeckoMarkets.ts';
import { SourceError } from './http.ts';
import type { SourceState, SourceTicker } from './types.ts';

const ticker = (exchange: string, instrument: string, market: 'spot' | 'futures', volume = 1): SourceTicker => ({
  source: 'coingecko',
  exchange,
  instrument,
  base: instrument.split('/')[0]!,
  quote: 'USD',
  market,
  contractType: market === 'futures' ? 'PERPETUAL' : null,
  expiry: null,
  last: 1,
  open24h: null,
  high24h: null,
  low24h: null,
  change24h: null,
  baseVolume24h: null,
  quoteVolume24h: volume,
  bid: null,
  ask: null,
  at: 0,
});

const answer = (
  name: string,
  instruments: string[],
  market: 'spot' | 'futures' = 'spot',
  volume = 1,
): GeckoExchangeTickers => ({
  exchange: { name, displayName: name.toUpperCase(), website: null, hasFutures: market === 'futures' },
  tickers: instruments.map((i) => ticker(name, i, market, volume)),
});

const SPOT: Record<string, GeckoExchangeTickers> = {
  gdax: answer('coinbase-exchange', ['BTC/USD', 'ETH/USD']),
  kucoin: answer('kucoin', ['BTC/USDT']),
  binance: answer('binance', ['BTC/USDT']),
};

function fake(o: { fail?: Set<string> } = {}) {
  const calls: string[] = [];
  const state: SourceState = {
    name: 'coingecko',
    status: 'ok',
    lastSuccessAt: null,
    lastError: null,
    budget: { used: 0, limit: 15, windowMs: 60_000 },
  };
  const gecko: CoinGeckoMarketsOptions['gecko'] = {
    state: () => state,
    async exchangeTickers(id: string) {
      calls.push(id);
      if (o.fail?.has(id)) throw new SourceError('coingecko', `HTTP 500 for ${id}`, 500);
      return SPOT[id]!;
    },
    async derivatives() {
      calls.push('derivatives');
      if (o.fail?.has('derivatives')) throw new SourceError('coingecko', 'HTTP 429', 429);
      return [
        answer('binance', ['BTC/USDT'], 'futures', 50),
        answer('kucoin', ['ETH/USDT'], 'futures', 10),
        answer('deepcoin', ['BTC/USDT', 'SOL/USDT'], 'futures', 5),
      ];
    },
  };
  return { gecko, calls };
}

const names = (tickers: SourceTicker[]) => tickers.map((t) => `${t.exchange} ${t.market} ${t.instrument}`);

describe('CoinGecko markets as a ticker source', () => {
  it('asks one exchange a refresh in turn, keeps the others, and skips what an adapter reports', async () => {
    let now = 0;
    const log: string[] = [];
    const { gecko, calls } = fake();
    const s = new CoinGeckoMarkets({
      gecko,
      exchanges: ['gdax', 'kucoin', 'binance'],
      skip: ['binance'],
      refreshMs: 1_800_000,
      exchangesPerRefresh: 1,
      derivatives: true,
      now: () => now,
      log: (l) => log.push(l),
    });
    expect(names(await s.tickers())).toEqual([
      'coinbase-exchange spot BTC/USD',
      'coinbase-exchange spot ETH/USD',
      'kucoin futures ETH/USDT',
      'deepcoin futures BTC/USDT',
      'deepcoin futures SOL/USDT',
    ]);
    expect(calls).toEqual(['gdax', 'derivatives']);
    expect(s.refreshed()).toBe(true);
    // Not due yet: the kept answers, nothing asked, and nothing new.
    now = 1_799_999;
    expect(await s.tickers()).toHaveLength(5);
    expect(calls).toHaveLength(2);
    expect(s.refreshed()).toBe(false);
    now = 1_800_000;
    expect(names(await s.tickers())).toContain('kucoin spot BTC/USDT');
    expect(calls).toEqual(['gdax', 'derivatives', 'kucoin', 'derivatives']);
    // One exchange with spot pairs and derivatives is one exchange, with futures.
    expect(s.exchanges()).toEqual([
      { name: 'coinbase-exchange', displayName: 'COINBASE-EXCHANGE', website: null, hasFutures: false },
      { name: 'kucoin', displayName: 'KUCOIN', website: null, hasFutures: true },
      { name: 'deepcoin', displayName: 'DEEPCOIN', website: null, hasFutures: true },
    ]);
    now = 3_600_000;
    await s.tickers();
    expect(calls.slice(4)).toEqual(['binance', 'derivatives']);
    expect(s.exchanges().map((e) => e.name)).not.toContain('binance');
    expect(s.state().name).toBe('coingecko');
    expect(log).toEqual([]);
  });

  it('keeps only the busiest derivatives', async () => {
    const { gecko } = fake();
    const s = new CoinGeckoMarkets({
      gecko,
      exchanges: [],
      skip: [],
      refreshMs: 60_000,
      exchangesPerRefresh: 1,
      derivatives: true,
      maxDerivatives: 2,
      now: () => 0,
    });
    expect(names(await s.tickers())).toEqual(['binance futures BTC/USDT', 'kucoin futures ETH/USDT']);
  });

  it('asks every exchange at once on a pro plan', async () => {
    const { gecko, calls } = fake();
    const s = new CoinGeckoMarkets({
      gecko,
      exchanges: ['gdax', 'kucoin'],
      skip: [],
      refreshMs: 120_000,
      exchangesPerRefresh: 2,
      derivatives: false,
      now: () => 0,
    });
    await s.tickers();
    expect(calls).toEqual(['gdax', 'kucoin']);
  });

  it('a refresh that gets nothing throws and is tried again a minute later; one that gets part keeps the rest', async () => {
    let now = 0;
    const fail = new Set(['gdax', 'derivatives']);
    const log: string[] = [];
    const { gecko, calls } = fake({ fail });
    const s = new CoinGeckoMarkets({
      gecko,
      exchanges: ['gdax', 'kucoin'],
      skip: [],
      refreshMs: 1_800_000,
      exchangesPerRefresh: 1,
      derivatives: true,
      now: () => now,
      log: (l) => log.push(l),
    });
    await expect(s.tickers()).rejects.toThrow('coingecko: coingecko: HTTP 500 for gdax; coingecko: HTTP 429');
    now = 59_999;
    expect(await s.tickers()).toEqual([]);
    expect(calls).toHaveLength(2);
    // Not yet asked about kucoin: still named, so a first start keeps its row.
    expect(s.exchanges().map((e) => e.name)).toEqual(['coinbase-exchange', 'kucoin']);
    // The turn moved on: kucoin answers, the derivatives still fail (logged), kucoin's pairs come.
    now = 60_000;
    expect(names(await s.tickers())).toEqual(['kucoin spot BTC/USDT']);
    expect(log).toEqual(['[ingest] coingecko: HTTP 429']);
    // gdax fails again later: kucoin's kept pairs stay.
    fail.delete('derivatives');
    now = 60_000 + 1_800_000;
    expect(names(await s.tickers())).toEqual([
      'kucoin spot BTC/USDT',
      'kucoin futures ETH/USDT',
      'binance futures BTC/USDT',
      'deepcoin futures BTC/USDT',
      'deepcoin futures SOL/USDT',
    ]);
  });

  it('waits longer after every refresh that got nothing, up to the usual interval', async () => {
    let now = 0;
    const { gecko, calls } = fake({ fail: new Set(['gdax', 'derivatives']) });
    const s = new CoinGeckoMarkets({
      gecko,
      exchanges: ['gdax'],
      skip: [],
      refreshMs: 300_000,
      exchangesPerRefresh: 1,
      derivatives: true,
      now: () => now,
    });
    const asked: number[] = [];
    for (now = 0; now <= 1_200_000; now += 10_000) {
      const before = calls.length;
      await s.tickers().catch(() => {});
      if (calls.length > before) asked.push(now / 1000);
    }
    // 1, 2, 4 minutes, then every 5 (the interval).
    expect(asked).toEqual([0, 60, 180, 420, 720, 1020]);
  });

  it('plans the calls by CoinGecko plan', () => {
    const exchanges = ['gdax', 'upbit', 'kucoin', 'gate', 'bitget', 'huobi'];
    expect(geckoMarketsPlan({ COINGECKO_PRO: '', COINGECKO_EXCHANGES: exchanges })).toEqual({
      refreshMs: 1_800_000,
      exchangesPerRefresh: 1,
      cycleMs: 6 * 1_800_000,
    });
    expect(geckoMarketsPlan({ COINGECKO_PRO: '1', COINGECKO_EXCHANGES: exchanges })).toEqual({
      refreshMs: 120_000,
      exchangesPerRefresh: 6,
      cycleMs: 120_000,
    });
    expect(
      geckoMarketsPlan({ COINGECKO_PRO: '', COINGECKO_EXCHANGES: exchanges, COINGECKO_MARKETS_MS: 0 }).refreshMs,
    ).toBe(0);
  });
});
