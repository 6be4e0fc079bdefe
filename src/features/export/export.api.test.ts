import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { LIST_SIZES } from '../../lib/pageSizes.ts';
import { closeDatabase, getDb, useDatabase, type DbHandle } from '../../server/db/index.ts';
import { listExchanges } from '../market/exchanges/exchanges.server.ts';
import { listCoins } from '../market/coins/coins.server.ts';
import { getRates, type RateSymbol } from '../../server/rates/rates.ts';
import { getRanking } from '../market/rankings/queries.server.ts';
import { RANK_KINDS, readRankQuery } from '../market/rankings/rankings.server.ts';
import { listHotCoins } from '../market/rankings/hot.server.ts';
import { listOfferings } from '../content/offerings/offerings.server.ts';
import { readOfferingQuery, readRoiQuery } from '../content/offerings/listing.ts';
import { platformRoi } from '../content/offerings/platforms.server.ts';
import { listTickers } from '../market/pairs/pairs.server.ts';
import { EXPORT_TABLES, type ExportTableName } from './tables.server.ts';
import { exportResponse, MAX_EXPORT_ROWS } from './write.server.ts';
import { translator } from '../../server/i18n/index.ts';
import { view } from '../../server/view.ts';
import { openTestDb } from '../../../tests/setup/db.ts';

const state: { handle?: DbHandle } = {};
beforeAll(async () => {
  state.handle = await openTestDb();
  useDatabase(state.handle);
});
afterAll(async () => {
  await closeDatabase();
});

const NOW = new Date('2026-11-24T11:30:00.000Z');

async function download(
  table: ExportTableName,
  query: string,
  opts: { format?: 'csv' | 'json'; locale?: Locale; currency?: RateSymbol; all?: boolean } = {},
) {
  const locale = opts.locale ?? 'en';
  const v = await view({
    locals: {
      locale,
      t: translator(locale),
      base: locale === 'en' ? '' : `/${locale}`,
      path: '/',
      theme: 'light',
      currency: opts.currency ?? 'USD',
    },
  });
  const res = await exportResponse(await getDb(), v, EXPORT_TABLES[table] as never, new URLSearchParams(query), {
    format: opts.format ?? 'csv',
    all: opts.all ?? false,
    now: NOW,
  });
  if (!res) return null;
  // Response.text() would drop the byte order mark the file must start with.
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

/** The rows of a CSV export under its provenance record and header row. */
function csvTable(text: string) {
  const [provenance, header, ...rows] = parseCsv(text);
  return { provenance: provenance!, header: header!, rows };
}

describe('table exports', () => {
  it('coin list CSV: BOM, provenance, English headers, the rows and order of the page', async () => {
    const got = await download('coins', 'page=2&size=20&sort=change24h&order=desc');
    expect(got).not.toBeNull();
    const { res, text } = got!;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="coinlens-coins-page2-USD-20261124T113000Z.csv"',
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    const { provenance, header, rows } = csvTable(text);
    expect(provenance).toEqual([
      'Source',
      'Coinlens demo data',
      'Generated (UTC)',
      '2026-11-24T11:30:00.000Z',
      'Currency',
      'USD',
    ]);
    expect(header).toEqual([
      '#',
      'Name',
      'Symbol',
      'Price (USD)',
      '24h %',
      '7d %',
      'Market cap (USD)',
      'Volume (24h) (USD)',
      'Circulating supply',
    ]);
    const domain = await listCoins(await getDb(), { page: 2, size: 20, sort: 'change24h', order: 'desc' });
    expect(rows.map((r) => r[1])).toEqual(domain.list.map((c) => c.name));
    expect(rows.map((r) => r[2])).toEqual(domain.list.map((c) => c.symbol));
    expect(rows).toHaveLength(20);
    // Plain numbers, not formatted strings.
    for (const [i, r] of rows.entries()) {
      const c = domain.list[i]!;
      expect(Number(r[3])).toBeCloseTo(c.price!, 6);
      expect(r[3]).not.toMatch(/[$,]/);
    }
  });

  it('headers in the language of the request (zh)', async () => {
    const { text } = (await download('coins', 'page=1', { locale: 'zh' }))!;
    const { provenance, header } = csvTable(text);
    const t = translator('zh');
    expect(provenance[0]).toBe('数据来源');
    expect(provenance[1]).toBe('Coinlens 演示数据');
    expect(header[1]).toBe(t('coin.name'));
    expect(header[3]).toBe(`${t('coin.price')} (USD)`);
  });

  it('money columns in the requested currency, at the rate the page uses', async () => {
    const db = await getDb();
    const { rates } = await getRates(db);
    const { text } = (await download('coins', 'page=1&size=10', { currency: 'EUR', format: 'json' }))!;
    const json = JSON.parse(text) as {
      currency: string;
      source: string;
      generatedAt: string;
      columns: { key: string; unit: string | null }[];
      rows: Record<string, number | string | null>[];
    };
    expect(json.currency).toBe('EUR');
    expect(json.source).toBe('Coinlens demo data');
    expect(json.generatedAt).toBe('2026-11-24T11:30:00.000Z');
    expect(json.columns.find((c) => c.key === 'price')?.unit).toBe('EUR');
    const domain = await listCoins(db, { page: 1, size: 10 });
    expect(json.rows.map((r) => r.name)).toEqual(domain.list.map((c) => c.name));
    expect(json.rows[0]!.price as number).toBeCloseTo(domain.list[0]!.price! * rates.EUR!, 4);
  });

  it('a coin in its own currency is exactly 1, as on the page', async () => {
    const { text } = (await download('coins', 'page=1', { currency: 'BTC', format: 'json' }))!;
    const json = JSON.parse(text) as { rows: Record<string, number | string | null>[] };
    expect(json.rows.find((r) => r.symbol === 'BTC')?.price).toBe(1);
  });

  it('exchange list with a type filter', async () => {
    const { text } = (await download('exchanges', 'page=1&size=20&filter=DEX&sort=name&order=asc'))!;
    const { header, rows } = csvTable(text);
    expect(header[1]).toBe('Exchange');
    const domain = await listExchanges(await getDb(), { page: 1, size: 20, type: 'DEX', sort: 'name', order: 'asc' });
    expect(rows.map((r) => r[1])).toEqual(domain.list.map((e) => e.displayName));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[8]))).toEqual(new Set([translator('en')('exchange.dex')]));
  });

  it('market pairs (JSON) with a quote filter and sort, row numbers continuing the page', async () => {
    const { res, text } = (await download('pairs', 'quote=usdt&sort=price&order=desc&size=30&page=2', {
      format: 'json',
    }))!;
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="coinlens-pairs-page2-USD-\d{8}T\d{6}Z\.json"$/,
    );
    const json = JSON.parse(text) as { rows: Record<string, number | string | null>[]; total: number };
    const domain = await listTickers(await getDb(), {
      page: 2,
      size: 30,
      market: 'spot',
      quote: 'USDT',
      sort: 'price',
      order: 'desc',
    });
    expect(json.rows.map((r) => `${r.pair}@${r.exchange}`)).toEqual(
      domain.list.map((k) => `${k.pair}@${k.exchangeDisplayName}`),
    );
    expect(json.rows[0]?.rank).toBe(31);
    expect(json.total).toBe(domain.total);
  });

  it('futures with a contract filter, headers in Korean', async () => {
    const { text } = (await download('futures', 'contract=PERPETUAL&size=50', { locale: 'ko' }))!;
    const { header, rows } = csvTable(text);
    expect(header[2]).toBe(translator('ko')('exchange.pair'));
    const domain = await listTickers(await getDb(), {
      page: 1,
      size: 50,
      market: 'futures',
      contractType: 'PERPETUAL',
    });
    expect(rows).toHaveLength(domain.list.length);
    expect(rows.map((r) => r[3])).toEqual(domain.list.map((k) => k.exchangeDisplayName));
  });

  it('all pages: every page of the same query in order, streamed, capped', async () => {
    const db = await getDb();
    const { text } = (await download('coins', 'sort=name&order=asc&page=3', { all: true }))!;
    const { rows } = csvTable(text);
    const first = await listCoins(db, { page: 1, size: 100, sort: 'name', order: 'asc' });
    expect(rows).toHaveLength(Math.min(first.total, MAX_EXPORT_ROWS));
    expect(first.total).toBeGreaterThan(100);
    const second = await listCoins(db, { page: 2, size: 100, sort: 'name', order: 'asc' });
    expect(rows.slice(0, 200).map((r) => r[1])).toEqual([...first.list, ...second.list].map((c) => c.name));
  });

  it('a page past the last is not found, like the page', async () => {
    expect(await download('coins', 'page=99999')).toBeNull();
  });

  it('every ranking kind: the rows, order and columns of its table, with the filters of each kind', async () => {
    const db = await getDb();
    for (const kind of RANK_KINDS) {
      const query = `type=${kind}&size=20&period=7d&window=1h&scope=top100&direction=out`;
      const got = (await download('rank', query, { format: 'json' }))!;
      const json = JSON.parse(got.text) as {
        columns: { key: string; label: string }[];
        rows: Record<string, string | number | null>[];
      };
      const domain = await getRanking(db, readRankQuery(new URLSearchParams(query)));
      expect(
        json.rows.map((r) => r.position),
        kind,
      ).toEqual(domain.list.map((r) => r.position));
      expect(
        json.rows.map((r) => r.name),
        kind,
      ).toEqual(domain.list.map((r) => (r.type === 'exchange-flow' ? r.displayName : r.name)));
      for (const c of json.columns) expect(c.label, `${kind} ${c.key}`).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/); // a translated header, not a key
    }
  });

  it('ranking headers in Chinese, with the period the page shows', async () => {
    const t = translator('zh');
    const { text } = (await download('rank', 'type=fall&period=7d', { locale: 'zh' }))!;
    const { header, rows } = csvTable(text);
    expect(header).toContain(`${t('rank.colChange', { period: t('rank.period.7d') })} (%)`);
    // No size in the query: the list's default, as on the page.
    const domain = await getRanking(await getDb(), { kind: 'fall', page: 1, size: LIST_SIZES.rank, period: '7d' });
    expect(rows).toHaveLength(domain.list.length);
    // A coin with a Chinese name reads "比特币 Bitcoin".
    const names = domain.list.map((r) => (r.type === 'exchange-flow' ? r.displayName : r.name));
    expect(rows.map((r, i) => (r[1]!.endsWith(` ${names[i]}`) ? names[i] : r[1]))).toEqual(names);
  });

  it('hot coins sorted by turnover, signals as numbers', async () => {
    const { text } = (await download('hot', 'sort=turnover&order=desc&size=20&page=2', { format: 'json' }))!;
    const json = JSON.parse(text) as {
      rows: Record<string, string | number | null>[];
      columns: { key: string; unit: string | null }[];
    };
    const domain = await listHotCoins(await getDb(), { page: 2, size: 20, sort: 'turnover', order: 'desc' });
    expect(json.rows.map((r) => r.name)).toEqual(domain.list.map((c) => c.name));
    expect(json.rows.map((r) => r.position)).toEqual(domain.list.map((c) => c.position));
    expect(json.rows.map((r) => r.score)).toEqual(domain.list.map((c) => c.score));
    expect(json.columns.find((c) => c.key === 'netflow1d')?.unit).toBe('USD');
  });

  it('token offerings: the /ieo filters and sort, and the ROI ranking with its positions', async () => {
    const db = await getDb();
    const query = 'kind=IEO&sort=price&order=desc&size=20';
    const { text } = (await download('offerings', query, { locale: 'zh' }))!;
    const { header, rows } = csvTable(text);
    const t = translator('zh');
    expect(header[0]).toBe(t('ieo.col.project'));
    const domain = await listOfferings(db, readOfferingQuery(new URLSearchParams(query)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r[0])).toEqual(domain.list.map((o) => o.name));
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['IEO']));

    const roiQuery = 'order=asc&size=10&page=2';
    const roi = JSON.parse((await download('offering-roi', roiQuery, { format: 'json' }))!.text) as {
      rows: Record<string, string | number | null>[];
    };
    const ranked = await listOfferings(db, readRoiQuery(new URLSearchParams(roiQuery)));
    expect(roi.rows.map((r) => r.name)).toEqual(ranked.list.map((o) => o.name));
    expect(roi.rows.map((r) => r.roi)).toEqual(
      ranked.list.map((o) => (o.roi === null ? null : Number(o.roi.toPrecision(12)))),
    );
    if (roi.rows.length) expect(roi.rows[0]!.position).toBe(11);
  });

  it('launch platforms: the whole unpaged table in its sort, ROI figures as multiples', async () => {
    const { text } = (await download('offering-platforms', 'kind=ICO&sort=median&order=asc&page=3', {
      format: 'json',
    }))!;
    const json = JSON.parse(text) as { rows: Record<string, string | number | null>[]; total: number };
    const domain = await platformRoi(await getDb(), { kind: 'ICO', sort: 'median', order: 'asc' });
    expect(json.rows.length).toBe(domain.list.length);
    expect(json.total).toBe(domain.list.length);
    expect(json.rows.map((r) => r.offerings)).toEqual(domain.list.map((p) => p.offerings));
    expect(json.rows.map((r) => r.median)).toEqual(
      domain.list.map((p) => (p.median === null ? null : Number(p.median.toPrecision(12)))),
    );
  });

  it("a coin's market tab: its pairs in the tab's filter and sort; an unknown coin is not found", async () => {
    const { text } = (await download('coin-markets', 'coin=bitcoin&market=spot&sort=spread&order=asc&size=20&page=2', {
      format: 'json',
    }))!;
    const json = JSON.parse(text) as { rows: Record<string, string | number | null>[]; columns: { key: string }[] };
    const domain = await listTickers(await getDb(), {
      coin: 'bitcoin',
      market: 'spot',
      sort: 'spread',
      order: 'asc',
      page: 2,
      size: 20,
    });
    expect(domain.list.length).toBeGreaterThan(0);
    expect(json.columns.map((c) => c.key)).toEqual([
      'rank',
      'exchange',
      'pair',
      'market',
      'price',
      'change24h',
      'volume24h',
      'share',
      'spread',
      'depthPlus1',
      'depthMinus1',
    ]);
    expect(json.rows.map((r) => r.exchange)).toEqual(domain.list.map((k) => k.exchangeDisplayName));
    expect(json.rows.map((r) => r.pair)).toEqual(domain.list.map((k) => k.pair));
    expect(new Set(json.rows.map((r) => r.market))).toEqual(new Set(['Spot']));
    expect(json.rows[0]!.rank).toBe(21);
    expect(await download('coin-markets', 'coin=no-such-coin')).toBeNull();
    expect(await download('coin-markets', '')).toBeNull();
  });

  it("an exchange's pair table: futures only, sorted, in Chinese; an unknown exchange is not found", async () => {
    const { text } = (await download('exchange-pairs', 'exchange=binance&filter=futures&sort=volume24h&order=desc', {
      locale: 'zh',
    }))!;
    const { header, rows } = csvTable(text);
    const domain = await listTickers(await getDb(), {
      exchange: 'binance',
      market: 'futures',
      sort: 'volume24h',
      order: 'desc',
      page: 1,
      size: LIST_SIZES['exchange-pairs'],
    });
    expect(domain.list.length).toBeGreaterThan(0);
    expect(header.slice(0, 4)).toEqual(['#', '名称', '交易对', '市场']);
    expect(rows.map((r) => r[1])).toEqual(domain.list.map((k) => k.coinName));
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['合约']));
    expect(await download('exchange-pairs', 'exchange=nope')).toBeNull();
  });
});
