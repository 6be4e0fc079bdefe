import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFakeUpstream, type FakeUpstream } from '../../../../tests/setup/fakeUpstream.ts';
import { COINGECKO_ATTRIBUTION, CoinGecko, type CoinGeckoOptions } from './coingecko.ts';
import { SourceError } from './http.ts';

const NOW = 1736467512000;

let up: FakeUpstream;
let clock: number;
let waits: number[];
const options = (extra: CoinGeckoOptions = {}): CoinGeckoOptions => ({
  baseUrl: up.url,
  now: () => clock,
  sleep: async (ms) => void waits.push(ms),
  timeoutMs: 2000,
  ...extra,
});
const hits = (path: string) => up.requests.filter((r) => r.path === path).length;
type Rows = Record<string, unknown>[];

beforeEach(async () => {
  clock = NOW;
  waits = [];
  up = await startFakeUpstream({
    '/coins/markets': { body: fixture('coingecko', 'markets') },
    '/global': { body: fixture('coingecko', 'global') },
    '/exchanges': { body: fixture('coingecko', 'exchanges') },
  });
});
afterEach(() => up.close());

describe('CoinGecko markets', () => {
  it('asks for a USD page and maps a coin exactly', async () => {
    const coins = await new CoinGecko(options()).markets(2, 50);
    expect(Object.fromEntries(up.requests[0]!.query)).toEqual({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '50',
      page: '2',
    });
    expect(coins[0]).toEqual({
      id: 'bitcoin',
      symbol: 'BTC',
      name: 'Bitcoin',
      image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400',
      rank: 1,
      priceUsd: 96512,
      marketCapUsd: 1911826431875,
      volumeUsd: 41203312988,
      circulatingSupply: 19809121,
      totalSupply: 19809121,
      maxSupply: 21000000,
      ath: 108135,
      athAt: Date.UTC(2024, 11, 17, 15, 2, 41, 429),
      atl: 67.81,
      atlAt: Date.UTC(2013, 6, 6),
      change24h: 2.44251,
      updatedAt: Date.UTC(2025, 0, 10, 0, 4, 43, 112),
    });
    expect(coins.map((c) => c.symbol)).toEqual(['BTC', 'ETH', 'USDT', 'SOL', 'DOGE', 'XRP', 'WQKA']);
  });

  it('keeps an uncapped supply as null', async () => {
    const eth = (await new CoinGecko(options()).markets(1)).find((c) => c.id === 'ethereum')!;
    expect([eth.maxSupply, eth.totalSupply, eth.circulatingSupply]).toEqual([null, 120467012.5312, 120467012.5312]);
    expect(up.requests[0]!.query.get('per_page')).toBe('250');
  });

  it('reads CoinGecko’s 0 for an unknown market cap and circulating supply as unknown', async () => {
    const coin = (await new CoinGecko(options()).markets(1)).find((c) => c.id === 'wrapped-quokka')!;
    expect(coin).toMatchObject({
      priceUsd: 0.00412231,
      marketCapUsd: null,
      rank: null,
      circulatingSupply: null,
      totalSupply: null,
      change24h: null,
      updatedAt: null,
    });
  });

  it.each([
    ['a required field missing', (rows: Rows) => (delete rows[1]!.circulating_supply, rows)],
    ['a price sent as a string', (rows: Rows) => ((rows[0]!.current_price = '96512'), rows)],
    ['an unreadable date', (rows: Rows) => ((rows[2]!.ath_date = 'last July'), rows)],
    ['an object instead of the list', (rows: Rows) => ({ coins: rows })],
  ])('turns a changed payload (%s) into a SourceError', async (_, change) => {
    up.route('/coins/markets', { body: change(fixture<Rows>('coingecko', 'markets')) });
    const gecko = new CoinGecko(options());
    await expect(gecko.markets(1)).rejects.toThrow(SourceError);
    expect(gecko.state().status).toBe('failing');
  });
});

describe('CoinGecko global and exchanges', () => {
  it('maps the market-wide totals', async () => {
    expect(await new CoinGecko(options()).global()).toEqual({
      activeCoins: 16512,
      markets: 1197,
      marketCapUsd: 3412033120312.41,
      volumeUsd: 125410330221.77,
      btcDominance: 56.0322,
      ethDominance: 11.9671,
      marketCapChange24h: 1.83321,
      updatedAt: 1736467483000,
    });
  });

  it('fails on a global answer without its data', async () => {
    up.route('/global', { body: { status: { error_code: 0, error_message: 'maintenance' } } });
    await expect(new CoinGecko(options()).global()).rejects.toThrow('coingecko: unexpected payload: data: Required');
  });

  it('maps exchanges, with unknown country, year, trust and url as null', async () => {
    const exchanges = await new CoinGecko(options()).exchanges(3);
    expect(Object.fromEntries(up.requests[0]!.query)).toEqual({ per_page: '100', page: '3' });
    expect(exchanges.find((e) => e.id === 'kraken')).toEqual({
      id: 'kraken',
      name: 'Kraken',
      country: 'United States',
      yearEstablished: 2011,
      url: 'https://r.kraken.com/sJRl2',
      image: 'https://coin-images.coingecko.com/markets/images/29/small/kraken.jpg?1706864265',
      trustScore: 10,
      trustScoreRank: 3,
      volume24hBtc: 12033.41022031,
    });
    expect(exchanges.at(-1)).toMatchObject({
      id: 'quokkaswap',
      country: null,
      yearEstablished: null,
      url: null,
      trustScore: null,
      trustScoreRank: null,
    });
  });
});

describe('CoinGecko keys and limits', () => {
  it('sends no key header without a key', async () => {
    await new CoinGecko(options()).global();
    const headers = up.requests[0]!.headers;
    expect([headers['x-cg-demo-api-key'], headers['x-cg-pro-api-key']]).toEqual([undefined, undefined]);
  });

  it('sends a demo key as x-cg-demo-api-key and a pro key as x-cg-pro-api-key', async () => {
    await new CoinGecko(options({ apiKey: 'CG-demo123' })).global();
    await new CoinGecko(options({ apiKey: 'CG-pro456', pro: true })).global();
    const [demo, pro] = up.requests.map((r) => r.headers);
    expect([demo!['x-cg-demo-api-key'], demo!['x-cg-pro-api-key']]).toEqual(['CG-demo123', undefined]);
    expect([pro!['x-cg-pro-api-key'], pro!['x-cg-demo-api-key']]).toEqual(['CG-pro456', undefined]);
  });

  it('defaults to the public host, or the pro host with pro: true', async () => {
    const urls: string[] = [];
    const fetch = async (url: string | URL | Request) => (
      urls.push(String(url)), new Response(JSON.stringify(fixture('coingecko', 'global')))
    );
    await new CoinGecko({ fetch }).global();
    await new CoinGecko({ fetch, apiKey: 'k', pro: true }).global();
    expect(urls).toEqual(['https://api.coingecko.com/api/v3/global', 'https://pro-api.coingecko.com/api/v3/global']);
  });

  it('waits out a 429 for its Retry-After, then succeeds', async () => {
    up.route('/global', [
      {
        status: 429,
        headers: { 'retry-after': '3' },
        body: { status: { error_code: 429, error_message: 'You have exceeded the Rate Limit' } },
      },
      { body: fixture('coingecko', 'global') },
    ]);
    expect((await new CoinGecko(options()).global()).markets).toBe(1197);
    expect([hits('/global'), waits]).toEqual([2, [3000]]);
  });

  it('rests after a 429 whose Retry-After is too long to wait, without asking again', async () => {
    up.route('/global', { status: 429, headers: { 'retry-after': '60' } });
    const gecko = new CoinGecko(options());
    await expect(gecko.global()).rejects.toThrow('coingecko: HTTP 429');
    await expect(gecko.markets(1)).rejects.toThrow(/resting/);
    clock += 60_001;
    expect(await gecko.markets(1)).toHaveLength(7);
    expect(up.requests.map((r) => r.path)).toEqual(['/global', '/coins/markets']);
  });

  it('keeps to half the demo (30/min) or pro (500/min) limit', () => {
    expect(new CoinGecko(options()).state().budget).toEqual({ used: 0, limit: 15, windowMs: 60_000 });
    expect(new CoinGecko(options({ apiKey: 'k', pro: true })).state().budget).toEqual({
      used: 0,
      limit: 250,
      windowMs: 60_000,
    });
  });
});

it('exports the credit CoinGecko’s terms ask for', () => {
  expect(COINGECKO_ATTRIBUTION).toEqual({ text: 'Data provided by CoinGecko', url: 'https://www.coingecko.com' });
});

describe('CoinGecko coin details', () => {
  it('keeps the links a page may show, of each kind a few, and the categories', async () => {
    up.route('/coins/bitcoin', { body: fixture('coingecko', 'coin-bitcoin') });
    const d = await new CoinGecko(options()).coin('bitcoin');
    expect(Object.fromEntries(up.requests[0]!.query)).toMatchObject({
      tickers: 'false',
      market_data: 'false',
      localization: 'true',
    });
    expect(d).toEqual({
      id: 'bitcoin',
      links: [
        { kind: 'website', url: 'https://bitcoin.org/' },
        { kind: 'whitepaper', url: 'https://bitcoin.org/bitcoin.pdf' },
        { kind: 'explorer', url: 'https://mempool.space/' },
        { kind: 'explorer', url: 'https://blockchair.com/bitcoin/' },
        { kind: 'explorer', url: 'https://btc.com/' },
        { kind: 'explorer', url: 'https://btc.tokenview.io/' },
        { kind: 'explorer', url: 'https://www.oklink.com/btc' },
        { kind: 'community', url: 'https://www.reddit.com/r/Bitcoin/' },
        { kind: 'community', url: 'https://bitcointalk.org/' },
        { kind: 'telegram', url: 'https://t.me/bitcoin_news' },
        { kind: 'repository', url: 'https://github.com/bitcoin/bitcoin' },
      ],
      categories: ['Cryptocurrency', 'Layer 1 (L1)', 'Proof of Work (PoW)', 'Bitcoin Ecosystem'],
      descriptions: [
        { locale: 'en', text: 'Bitcoin is the first successful internet money based on peer-to-peer technology.' },
      ],
    });
    expect(JSON.stringify(d)).not.toMatch(/javascript/);
  });

  it('keeps the descriptions in our languages as plain text, zh-tw for zh-hk, without scripts or links', async () => {
    up.route('/coins/bitcoin', { body: fixture('coingecko', 'coin-bitcoin-localized') });
    const { descriptions } = await new CoinGecko(options()).coin('bitcoin');
    expect(descriptions.map((x) => x.locale)).toEqual(['en', 'zh', 'zh-hk', 'ko']);
    const by = Object.fromEntries(descriptions.map((x) => [x.locale, x.text]));
    expect(by.en).toMatch(/^Bitcoin is the first successful internet money[\s\S]*created by Satoshi Nakamoto in 2009/);
    expect(by.zh).toMatch(/^比特币是第一个[\s\S]*由中本聪于 2009 年创建/);
    expect(by['zh-hk']).toMatch(/^比特幣是第一個/);
    expect(by.ko).toMatch(/^비트코인은/);
    expect(JSON.stringify(descriptions)).not.toMatch(/<|javascript|alert/);
  });

  it('takes an older answer with a whitepaper list, or none, and drops a telegram id that is not one', async () => {
    up.route('/coins/ripple', {
      body: {
        id: 'ripple',
        categories: null,
        links: {
          homepage: ['ftp://ripple.com'],
          whitepaper: ['', 'https://ripple.com/files/ripple.pdf'],
          telegram_channel_identifier: 'x/../y',
        },
      },
    });
    expect(await new CoinGecko(options()).coin('ripple')).toEqual({
      id: 'ripple',
      links: [{ kind: 'whitepaper', url: 'https://ripple.com/files/ripple.pdf' }],
      categories: [],
      descriptions: [],
    });
    up.route('/coins/bare', { body: { id: 'bare' } });
    expect(await new CoinGecko(options()).coin('bare')).toEqual({
      id: 'bare',
      links: [],
      categories: [],
      descriptions: [],
    });
  });

  it('treats a changed payload as a source error', async () => {
    up.route('/coins/bitcoin', { body: { id: 'bitcoin', links: { homepage: 'https://bitcoin.org' } } });
    await expect(new CoinGecko(options({ retries: 0 })).coin('bitcoin')).rejects.toBeInstanceOf(SourceError);
  });
});

/** The fixtures' day: their pairs traded minutes before it. */
const FIXTURE_NOW = Date.UTC(2026, 10, 24, 12);

describe('CoinGecko exchange tickers (/exchanges/{id}/tickers)', () => {
  beforeEach(() => {
    clock = FIXTURE_NOW;
    up.route('/exchanges/gdax/tickers', { body: fixture('coingecko', 'exchange-tickers-gdax') });
  });

  it('asks for the busiest page and maps a pair exactly, the exchange named by the answer', async () => {
    const { exchange, tickers } = await new CoinGecko(options({ apiKey: 'k' })).exchangeTickers('gdax');
    expect(Object.fromEntries(up.requests[0]!.query)).toEqual({
      page: '1',
      order: 'volume_desc',
      include_exchange_logo: 'false',
      depth: 'false',
    });
    expect(exchange).toEqual({
      name: 'coinbase-exchange',
      displayName: 'Coinbase Exchange',
      website: null,
      hasFutures: false,
    });
    expect(tickers[0]).toEqual({
      source: 'coingecko',
      exchange: 'coinbase-exchange',
      instrument: 'BTC/USD',
      base: 'BTC',
      quote: 'USD',
      market: 'spot',
      contractType: null,
      expiry: null,
      last: 94502.31,
      open24h: null,
      high24h: null,
      low24h: null,
      change24h: null,
      baseVolume24h: 9123.4471,
      quoteVolume24h: null,
      bid: null,
      ask: null,
      at: Date.UTC(2026, 10, 24, 11, 59, 12),
      flagged: false,
    });
  });

  it('flags what CoinGecko marks as an anomaly or stale, and leaves out contract addresses and pairs without a price', async () => {
    const { tickers } = await new CoinGecko(options()).exchangeTickers('gdax');
    expect(tickers.map((t) => `${t.instrument}${t.flagged ? ' flagged' : ''}`)).toEqual([
      'BTC/USD',
      'ETH/USD',
      'SOL/USD',
      'BTC/USDT',
      'USDT/USD',
      'ETH/EUR',
      'XRP/USD flagged',
      'DOGE/USD flagged',
    ]);
  });

  it('names a known exchange by our slug whatever CoinGecko calls it, and refuses an answer without a readable name', async () => {
    const body = fixture<{ name: string }>('coingecko', 'exchange-tickers-gdax');
    up.route('/exchanges/gate/tickers', { body: { ...body, name: 'Gate' } });
    expect((await new CoinGecko(options()).exchangeTickers('gate')).exchange).toMatchObject({
      name: 'gate-io',
      displayName: 'Gate',
    });
    up.route('/exchanges/gdax/tickers', { body: { ...body, name: '   ' } });
    await expect(new CoinGecko(options({ retries: 0 })).exchangeTickers('gdax')).rejects.toThrow(
      'coingecko: unexpected payload: no readable exchange name',
    );
  });

  it('leaves out one unreadable pair, and a pair traded in the future or at no readable time', async () => {
    const body = fixture<{ name: string; tickers: Record<string, unknown>[] }>('coingecko', 'exchange-tickers-gdax');
    const [btc, eth, sol] = body.tickers;
    const raw = JSON.stringify({
      ...body,
      tickers: [
        btc,
        { ...eth, last: 'soon' },
        { ...sol, last_traded_at: '2027-01-01T00:00:00Z', timestamp: '2027-01-01T00:00:00Z' },
      ],
    });
    up.route('/exchanges/gdax/tickers', { body: raw });
    expect((await new CoinGecko(options()).exchangeTickers('gdax')).tickers.map((t) => t.instrument)).toEqual([
      'BTC/USD',
    ]);
  });

  it('reads flags written as strings, and refuses a changed payload', async () => {
    const body = fixture<{ name: string; tickers: Record<string, unknown>[] }>('coingecko', 'exchange-tickers-gdax');
    body.tickers = body.tickers.slice(0, 1).map((t) => ({ ...t, is_anomaly: 'true', is_stale: 'false' }));
    up.route('/exchanges/gdax/tickers', { body });
    expect((await new CoinGecko(options()).exchangeTickers('gdax')).tickers[0]!.flagged).toBe(true);
    up.route('/exchanges/gdax/tickers', {
      body: { name: 'Coinbase Exchange', tickers: [{ base: 'BTC', target: 'USD', last: '94502.31' }] },
    });
    await expect(new CoinGecko(options({ retries: 0 })).exchangeTickers('gdax')).rejects.toThrow(
      /coingecko: unexpected payload/,
    );
  });
});

describe('CoinGecko derivatives (/derivatives)', () => {
  beforeEach(() => {
    clock = FIXTURE_NOW;
    up.route('/derivatives', { body: fixture('coingecko', 'derivatives') });
  });

  it('maps dollar-quoted perpetuals and dated futures per exchange, leaving out what it cannot price', async () => {
    const answers = await new CoinGecko(options()).derivatives();
    expect(Object.fromEntries(up.requests[0]!.query)).toEqual({ include_tickers: 'unexpired' });
    expect(
      answers.map((a) => [
        a.exchange.name,
        a.exchange.displayName,
        a.tickers.map((t) => `${t.instrument} ${t.base}/${t.quote} ${t.contractType ?? 'dated'}`),
      ]),
    ).toEqual([
      ['binance', 'Binance', ['BTCUSDT BTC/USDT PERPETUAL']],
      ['bitget', 'Bitget', ['BTCUSDT BTC/USDT PERPETUAL', 'ETHUSDT ETH/USDT PERPETUAL']],
      ['deepcoin', 'Deepcoin', ['ETH-PERPUSDT ETH/USDT PERPETUAL']],
      // Gate's "Gate (Futures)" is our gate-io (the seeder's Gate.io).
      ['gate-io', 'Gate', ['SOL_USDT SOL/USDT PERPETUAL', 'BTCUSD_20261225 BTC/USD dated']],
      ['okx', 'OKX', ['BTC-USD-261225 BTC/USD dated']],
    ]);
    expect(answers.every((a) => a.exchange.hasFutures && a.exchange.website === null)).toBe(true);
    const gate = answers.find((a) => a.exchange.name === 'gate-io')!.tickers;
    expect(gate[1]).toEqual({
      source: 'coingecko',
      exchange: 'gate-io',
      instrument: 'BTCUSD_20261225',
      base: 'BTC',
      quote: 'USD',
      market: 'futures',
      contractType: null,
      expiry: Date.UTC(2026, 11, 25, 8),
      last: 95102.5,
      open24h: null,
      high24h: null,
      low24h: null,
      change24h: 1.1,
      baseVolume24h: null,
      quoteVolume24h: 12033120.2,
      bid: null,
      ask: null,
      at: Date.UTC(2026, 10, 24, 11, 58, 12),
    });
    // Expiry in milliseconds reads the same as in seconds.
    expect(answers.find((a) => a.exchange.name === 'okx')!.tickers[0]!.expiry).toBe(Date.UTC(2026, 11, 25, 8));
  });

  it('names the exchange of a market and reads the quote of a symbol', async () => {
    const { marketExchange, derivativeQuote } = await import('./coingeckoNames.ts');
    expect(marketExchange('Deepcoin (Derivatives)')).toEqual({ name: 'deepcoin', displayName: 'Deepcoin' });
    expect(marketExchange('Bitget Futures')).toEqual({ name: 'bitget', displayName: 'Bitget' });
    expect(marketExchange('Crypto.com Exchange')).toEqual({
      name: 'crypto-com-exchange',
      displayName: 'Crypto.com Exchange',
    });
    expect(marketExchange(' (Futures)')).toBeNull();
    expect(marketExchange('x'.repeat(81))).toBeNull();
    expect(
      [
        ['BTC-PERPUSDT', 'BTC'],
        ['BTCUSD_PERP', 'BTC'],
        ['BTCUSDT_260327', 'BTC'],
        ['ETH-USD-26JUN26', 'ETH'],
        ['BTC-PERPETUAL', 'BTC'],
        ['1000PEPEUSDT', 'PEPE'],
        ['XBTUSDTM', 'BTC'],
        ['BTCEUR', 'BTC'],
      ].map(([s, b]) => derivativeQuote(s!, b!)),
    ).toEqual(['USDT', 'USD', 'USDT', 'USD', null, null, null, null]);
  });

  it('reads a trade time in milliseconds, and leaves out an infinite or future one', async () => {
    const rows = fixture<Record<string, unknown>[]>('coingecko', 'derivatives').slice(1, 4);
    const ms = Date.UTC(2026, 10, 24, 11, 59);
    // 7e9 s is in the 23rd century; JSON has no Infinity, but 1e400 parses as one.
    const raw = JSON.stringify([
      { ...rows[0], last_traded_at: ms },
      { ...rows[1], last_traded_at: 7e9 },
      { ...rows[2], last_traded_at: 'INFINITE' },
    ]);
    up.route('/derivatives', { body: raw.replace('"INFINITE"', '1e400') });
    const [bitget, deepcoin] = await new CoinGecko(options()).derivatives();
    expect(bitget!.tickers.map((t) => [t.instrument, t.at])).toEqual([['BTCUSDT', ms]]);
    expect(deepcoin).toBeUndefined();
  });

  it('skips an unreadable row, and refuses an answer of which no row reads', async () => {
    const rows = fixture<Record<string, unknown>[]>('coingecko', 'derivatives').slice(1, 3);
    up.route('/derivatives', { body: [rows[0], { ...rows[1], symbol: null }] });
    expect((await new CoinGecko(options()).derivatives()).flatMap((e) => e.tickers.map((t) => t.instrument))).toEqual([
      'BTCUSDT',
    ]);
    up.route('/derivatives', { body: [{ market: 'x' }, 'y'] });
    await expect(new CoinGecko(options({ retries: 0 })).derivatives()).rejects.toThrow(
      'coingecko: unexpected payload: none of 2 rows readable',
    );
  });

  it('refuses a changed payload', async () => {
    up.route('/derivatives', { body: { data: [] } });
    await expect(new CoinGecko(options({ retries: 0 })).derivatives()).rejects.toBeInstanceOf(SourceError);
  });
});
