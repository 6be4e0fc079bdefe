import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { KlineCandle } from '../../../lib/klines.ts';
import { SEED_NOW } from '../../../../tests/setup/constants.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();

interface Series {
  coinId: string;
  symbol: string;
  interval: string;
  range: string | null;
  from: number;
  to: number;
  capped: boolean;
  candles: KlineCandle[];
}

const TO = SEED_NOW.getTime();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function klines(query: string) {
  const res = await get<Series>(`/api/v1/klines?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(0);
  return res.body.data;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

const stored = async (coin: string, interval: string) =>
  (
    await rows<{ t: string; o: string; h: string; l: string; c: string; v: string }>(
      sql`select open_time as t, open as o, high as h, low as l, close as c, volume as v from klines where coin_id = ${coin} and interval = ${interval} order by open_time`,
    )
  ).map((r) => ({
    time: new Date(r.t).getTime(),
    open: Number(r.o),
    high: Number(r.h),
    low: Number(r.l),
    close: Number(r.c),
    volume: Number(r.v),
  }));

function expectWellFormed(candles: KlineCandle[], step: number) {
  for (const [i, c] of candles.entries()) {
    expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    expect(c.volume).toBeGreaterThan(0);
    if (i > 0) {
      expect(c.time - candles[i - 1]!.time).toBeGreaterThanOrEqual(step);
      expect(c.open).toBe(candles[i - 1]!.close);
    }
  }
}

describe('GET /api/v1/klines', () => {
  it('returns the stored hourly candles of a month, ending at the coin price', async () => {
    const data = await klines(`coin=bitcoin&interval=1h&range=1M&to=${TO}`);
    expect(data).toMatchObject({
      coinId: 'bitcoin',
      symbol: 'BTC',
      interval: '1h',
      range: '1M',
      to: TO,
      capped: false,
    });
    expect(data.from).toBe(Date.UTC(2026, 9, 20, 12));
    // October has 31 days, but only the last 720 hours are stored.
    expect(data.candles).toHaveLength(720);
    expect(data.candles[0]!.time).toBe(TO - 720 * HOUR);
    expect(data.candles.at(-1)!.time).toBe(TO - HOUR);
    expectWellFormed(data.candles, HOUR);
    const [coin] = await rows<{ price: string }>(sql`select price from coins where id = 'bitcoin'`);
    expect(data.candles.at(-1)!.close).toBe(Number(coin!.price));
    expect(data.candles).toEqual((await stored('bitcoin', '1h')).filter((c) => c.time >= data.from));
  });

  it('uses a default range per interval and answers both ISO and millisecond times', async () => {
    const data = await klines(`coin=ethereum&interval=1d&to=${SEED_NOW.toISOString()}`);
    expect(data.range).toBe('1Y');
    expect(data.candles.length).toBeGreaterThanOrEqual(365);
    expect(data.candles.length).toBeLessThanOrEqual(366);
    const custom = await klines(`coin=ethereum&interval=1h&from=${TO - 6 * HOUR}&to=${TO}`);
    expect(custom.range).toBeNull();
    expect(custom.candles.map((c) => c.time)).toEqual([6, 5, 4, 3, 2, 1].map((h) => TO - h * HOUR));
  });

  it('rolls 1m up into 5m and 15m candles that add up to the stored hours', async () => {
    const hours = (await stored('bitcoin', '1h')).filter((c) => c.time >= TO - DAY);
    for (const [interval, size] of [
      ['5m', 12],
      ['15m', 4],
    ] as const) {
      const data = await klines(`coin=bitcoin&interval=${interval}&range=1D&to=${TO}`);
      expect(data.candles).toHaveLength(24 * size);
      expectWellFormed(data.candles, (60 / size) * 60_000);
      for (const [h, hour] of hours.entries()) {
        const part = data.candles.slice(h * size, (h + 1) * size);
        expect(part[0]!.time).toBe(hour.time);
        expect(part[0]!.open).toBe(hour.open);
        expect(part.at(-1)!.close).toBe(hour.close);
        expect(Math.max(...part.map((c) => c.high))).toBe(hour.high);
        expect(Math.min(...part.map((c) => c.low))).toBe(hour.low);
        expect(part.reduce((s, c) => s + c.volume, 0)).toBeCloseTo(hour.volume, 2);
      }
    }
  });

  it('rolls hours into 4h candles aligned to 00/04/08… UTC', async () => {
    const data = await klines(`coin=solana&interval=4h&range=1W&to=${TO}`);
    expect(data.candles).toHaveLength(7 * 6);
    const hours = await stored('solana', '1h');
    for (const c of data.candles) {
      expect(new Date(c.time).getUTCHours() % 4).toBe(0);
      const part = hours.filter((h) => h.time >= c.time && h.time < c.time + 4 * HOUR);
      expect(part).toHaveLength(4);
      expect(c).toEqual({
        time: c.time,
        open: part[0]!.open,
        close: part[3]!.close,
        high: Math.max(...part.map((h) => h.high)),
        low: Math.min(...part.map((h) => h.low)),
        volume: expect.closeTo(
          part.reduce((s, h) => s + h.volume, 0),
          2,
        ),
      });
    }
  });

  it('rolls days into Monday weeks like date_trunc(week) does', async () => {
    const data = await klines(`coin=bitcoin&interval=1w&range=ALL&to=${TO}`);
    const expected = await rows<{ week: string; o: string; c: string; h: string; l: string; v: string }>(sql`
      select date_trunc('week', open_time at time zone 'UTC') as week,
        (array_agg(open order by open_time))[1] as o, (array_agg(close order by open_time desc))[1] as c,
        max(high) as h, min(low) as l, sum(volume) as v
      from klines where coin_id = 'bitcoin' and interval = '1d' group by 1 order by 1`);
    expect(data.candles).toHaveLength(expected.length);
    for (const [i, week] of expected.entries()) {
      const c = data.candles[i]!;
      expect(new Date(c.time).getUTCDay()).toBe(1);
      expect(c.time).toBe(
        Date.parse(`${String(week.week).replace(' ', 'T').slice(0, 19)}Z`) || new Date(week.week).getTime(),
      );
      expect([c.open, c.close, c.high, c.low]).toEqual([
        Number(week.o),
        Number(week.c),
        Number(week.h),
        Number(week.l),
      ]);
      expect(c.volume).toBeCloseTo(Number(week.v), 0);
    }
  });

  it('caps the number of candles to the most recent ones', async () => {
    const data = await klines(`coin=bitcoin&interval=1m&range=1M&to=${TO}`);
    expect(data.capped).toBe(true);
    expect(data.candles).toHaveLength(1000);
    expect(data.candles.at(-1)!.time).toBe(TO - 60_000);
  });

  it('gives an empty list for a window before any stored candle', async () => {
    const [coin] = await rows<{ id: string }>(sql`select id from coins order by rank desc limit 1`);
    const data = await klines(`coin=${coin!.id}&interval=1h&range=1W&to=${TO - 3 * 365 * DAY}`);
    expect(data.candles).toEqual([]);
  });

  it.each([
    ['an unknown interval', 'coin=bitcoin&interval=2h', 'interval'],
    ['an unknown range', 'coin=bitcoin&interval=1h&range=2Y', 'range'],
    ['a missing coin', 'interval=1h', 'coin'],
    ['a malformed coin id', 'coin=%20bad!&interval=1h', 'coin'],
    ['a bad time', 'coin=bitcoin&from=yesterday', 'from'],
    ['from after to', `coin=bitcoin&from=${TO}&to=${TO - HOUR}`, 'from'],
  ])('answers %s with a 400 envelope naming the field', async (_name, query, field) => {
    const { status, body } = await get(`/api/v1/klines?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toContain(field);
  });

  it('answers an unknown coin with 404 in the request language', async () => {
    const en = await get('/api/v1/klines?coin=no-such-coin&interval=1h&lan=en');
    expect(en.status).toBe(404);
    expect(en.body.code).toBe(404);
    const zh = await get('/api/v1/klines?coin=no-such-coin&interval=1h&lan=zh');
    expect(zh.status).toBe(404);
    expect(zh.body.msg).not.toBe(en.body.msg);
  });

  it('requires the signature', async () => {
    const { status } = await get('/api/v1/klines?coin=bitcoin&interval=1h', { signed: false });
    expect(status).toBe(400);
  });
});
