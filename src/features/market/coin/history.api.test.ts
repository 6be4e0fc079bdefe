import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { parseCsv } from '../../../lib/csv.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { getDb } from '../../../server/db/index.ts';
import { translator } from '../../../server/i18n/index.ts';
import type { RateSymbol } from '../../../server/rates/rates.ts';
import { view } from '../../../server/view.ts';
import { EXPORT_TABLES, exportResponse } from '../../export/index.ts';
import { coinHistory, type CoinHistory } from './history.server.ts';

const { get, db } = apiHarness();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

/** The stored daily candles of a coin, newest first, as the database holds them. */
const stored = (coin: string) =>
  rows<{ date: string; close: string; volume: string }>(
    sql`select to_char(open_time at time zone 'UTC', 'YYYY-MM-DD') as date, close, volume
        from klines where coin_id = ${coin} and interval = '1d' order by open_time desc`,
  );

const supplyOf = async (coin: string) =>
  Number((await rows<{ s: string }>(sql`select circulating_supply as s from coins where id = ${coin}`))[0]!.s);

describe('GET /api/v1/coins/:id/history', () => {
  it('every stored day, newest first, with market cap = close × today’s circulating supply', async () => {
    const days = await stored('bitcoin');
    expect(days.length).toBeGreaterThan(300);
    const { status, body } = await get<CoinHistory>('/api/v1/coins/bitcoin/history?size=10');
    expect(status).toBe(200);
    const h = body.data;
    expect(h).toMatchObject({ coinId: 'bitcoin', symbol: 'BTC', total: days.length, days: days.length, page: 1 });
    expect(h.first).toBe(days.at(-1)!.date);
    expect(h.last).toBe(days[0]!.date);
    expect(h.list.map((d) => d.date)).toEqual(days.slice(0, 10).map((d) => d.date));
    const supply = await supplyOf('bitcoin');
    expect(h.circulatingSupply).toBe(supply);
    for (const [i, d] of h.list.entries()) {
      expect(d.close).toBe(Number(days[i]!.close));
      expect(d.volume).toBe(Number(days[i]!.volume));
      expect(d.marketCap).toBeCloseTo(d.close * supply, 0);
      expect(d.low).toBeLessThanOrEqual(Math.min(d.open, d.close));
      expect(d.high).toBeGreaterThanOrEqual(Math.max(d.open, d.close));
    }
  });

  it('a date range is inclusive at both ends, and its pages follow one another', async () => {
    const days = await stored('ethereum');
    const [to, from] = [days[3]!.date, days[27]!.date];
    const first = await get<CoinHistory>(`/api/v1/coins/ethereum/history?from=${from}&to=${to}&size=20`);
    const second = await get<CoinHistory>(`/api/v1/coins/ethereum/history?from=${from}&to=${to}&size=20&page=2`);
    expect(first.body.data.total).toBe(25);
    expect(first.body.data).toMatchObject({ from, to });
    expect(first.body.data.list).toHaveLength(20);
    expect(second.body.data.list).toHaveLength(5);
    expect([...first.body.data.list, ...second.body.data.list].map((d) => d.date)).toEqual(
      days.slice(3, 28).map((d) => d.date),
    );
    // Only a start: everything from it on; a range before any history: an empty page that says what there is.
    const since = await get<CoinHistory>(`/api/v1/coins/ethereum/history?from=${days[4]!.date}`);
    expect(since.body.data.total).toBe(5);
    const before = await get<CoinHistory>('/api/v1/coins/ethereum/history?from=2001-01-01&to=2001-12-31');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ total: 0, list: [], days: days.length, last: days[0]!.date });
  });

  it('a blank date is no bound (an empty form field)', async () => {
    const { status, body } = await get<CoinHistory>('/api/v1/coins/bitcoin/history?from=&to=');
    expect(status).toBe(200);
    expect(body.data.from).toBeNull();
    expect(body.data.total).toBe(body.data.days);
  });

  it.each([
    ['from=2026-02-30', 'from'],
    ['to=yesterday', 'to'],
    ['from=1969-12-31', 'from'],
    ['from=2026-05-01&to=2026-04-01', 'from'],
    ['page=0', 'page'],
    ['size=7', 'size'],
  ])('?%s → 400 naming %s, in the envelope', async (query, field) => {
    const { status, body } = await get(`/api/v1/coins/bitcoin/history?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toContain(field);
  });

  it('answers a bad range in the reader’s language and an unknown coin with 404', async () => {
    const zh = await get('/api/v1/coins/bitcoin/history?from=2026-05-01&to=2026-04-01&lan=zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const missing = await get('/api/v1/coins/no-such-coin/history');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });

  it('a coin without stored days has none, and says what it has (nothing)', async () => {
    await db().execute(sql`delete from klines where coin_id = 'dogecoin' and interval = '1d'`);
    const h = await coinHistory(await getDb(), 'dogecoin', { page: 1, size: 10 });
    expect(h).toMatchObject({ total: 0, days: 0, first: null, last: null, list: [] });
  });

  it('with a quote coin each day carries that coin’s close of the same day', async () => {
    const [btc, eth] = [await stored('bitcoin'), await stored('ethereum')];
    const h = await coinHistory(await getDb(), 'ethereum', { page: 1, size: 3, quote: 'bitcoin' });
    for (const [i, d] of h.list.entries()) {
      expect(d.date).toBe(eth[i]!.date);
      expect(d.quoteClose).toBe(Number(btc.find((b) => b.date === d.date)!.close));
    }
  });
});

describe('the historical data export', () => {
  async function download(query: string, locale: Locale = 'en', currency: RateSymbol = 'USD') {
    const v = await view({
      locals: {
        locale,
        t: translator(locale),
        base: locale === 'en' ? '' : `/${locale}`,
        path: '/',
        theme: 'light',
        currency,
      },
    });
    const res = await exportResponse(
      await getDb(),
      v,
      EXPORT_TABLES['coin-history'] as never,
      new URLSearchParams(query),
      {
        format: 'csv',
        all: false,
        now: new Date('2026-11-24T11:30:00.000Z'),
      },
    );
    return res && { res, csv: parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())) };
  }

  it('CSV: the page’s columns under the provenance, a row per day of the range, newest first', async () => {
    const days = await stored('bitcoin');
    const [to, from] = [days[1]!.date, days[5]!.date];
    const got = await download(`coin=bitcoin&from=${from}&to=${to}&page=1&size=10`);
    expect(got!.res.headers.get('content-disposition')).toBe(
      'attachment; filename="coinlens-coin-history-page1-USD-20261124T113000Z.csv"',
    );
    const [provenance, header, ...body] = got!.csv;
    expect(provenance![0]).toBe('Source');
    expect(header).toEqual([
      'Date (UTC)',
      'Open (USD)',
      'High (USD)',
      'Low (USD)',
      'Close (USD)',
      'Volume (USD)',
      'Market cap (USD)',
    ]);
    expect(body.map((r) => r[0])).toEqual(days.slice(1, 6).map((d) => d.date));
    const supply = await supplyOf('bitcoin');
    const row = body[0]!;
    expect(Number(row[4])).toBeCloseTo(Number(days[1]!.close), 6);
    expect(Number(row[5])).toBeCloseTo(Number(days[1]!.volume), 0);
    expect(Number(row[6])).toBeCloseTo(Number(days[1]!.close) * supply, -3);
  });

  it('in Chinese and in BTC: translated headers, each day at that day’s bitcoin close', async () => {
    const got = await download('coin=bitcoin&page=1&size=10&currency=BTC', 'zh', 'BTC');
    const [, header, first] = got!.csv;
    expect(header![0]).toBe('日期（UTC）');
    expect(header![4]).toBe('收盘 (BTC)');
    expect(Number(first![4])).toBe(1);
  });

  it('no file for an unknown coin or a range the page refuses', async () => {
    expect(await download('coin=no-such-coin')).toBeNull();
    expect(await download('coin=bitcoin&from=2026-05-01&to=2026-04-01')).toBeNull();
  });
});
