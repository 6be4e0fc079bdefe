import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewsMarker } from '../../../lib/newsMarkers.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { get, db } = apiHarness();

interface MarkerPage {
  coin: string;
  from: number;
  to: number;
  list: NewsMarker[];
  capped: boolean;
}

// A quiet stretch far from the seeded news (which sits around SEED_NOW), so the window holds only these rows.
const T0 = Date.UTC(2024, 0, 10, 8);
const MIN = 60_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

const ids: Record<string, number> = {};

async function flash(key: string, at: number, locale: string, coin = 'bitcoin') {
  const [row] = await rows<{ id: number }>(
    sql`insert into flash_news (title, body, locale, published_at) values (${`Marker test ${key}`}, 'body', ${locale}, ${new Date(at).toISOString()}) returning id`,
  );
  await db().execute(sql`insert into flash_news_coins (flash_news_id, coin_id) values (${row!.id}, ${coin})`);
  ids[key] = row!.id;
}

async function announcement(key: string, at: number, locale: string) {
  const [ex] = await rows<{ id: number }>(sql`select id from exchanges order by id limit 1`);
  const [row] = await rows<{ id: number }>(
    sql`insert into announcements (exchange_id, title, category, url, locale, published_at) values (${ex!.id}, ${`Marker test ${key}`}, 'listing', ${`https://example.com/marker-${key}`}, ${locale}, ${new Date(at).toISOString()}) returning id`,
  );
  await db().execute(sql`insert into announcement_coins (announcement_id, coin_id) values (${row!.id}, 'bitcoin')`);
  ids[key] = row!.id;
}

async function markers(query: string, headers: Record<string, string> = {}) {
  const res = await get<MarkerPage>(`/api/v1/klines/news?${query}`, {
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(0);
  return { data: res.body.data, headers: res.headers };
}

beforeAll(async () => {
  await flash('en-a', T0, 'en');
  await announcement('ann-en', T0 + 5 * MIN, 'en');
  await flash('en-b', T0 + 60 * MIN, 'en');
  await flash('zh-a', T0 + 10 * MIN, 'zh');
  await flash('hk-a', T0 + 20 * MIN, 'zh-hk');
  await flash('eth', T0 + 30 * MIN, 'en', 'ethereum');
  await flash('late', T0 + 3 * 86_400_000, 'en');
});

describe('GET /api/v1/klines/news', () => {
  it("lists a coin's flash news and announcements of the window, oldest first, in the reader's languages", async () => {
    // The announcement is older than the newest 30: a signed-in reader's chart shows it (a visitor's: below).
    const { token } = await signedInUser(db());
    const { data, headers } = await markers(`coin=bitcoin&from=${T0 - MIN}&to=${T0 + 2 * 60 * MIN}&lan=en`, {
      authorization: `Bearer ${token}`,
    });
    expect(data).toMatchObject({
      coin: 'bitcoin',
      from: T0 - MIN,
      to: T0 + 2 * 60 * MIN,
      capped: false,
    });
    expect(data.list).toEqual([
      {
        time: T0,
        kind: 'flash',
        id: ids['en-a'],
        title: 'Marker test en-a',
        locale: 'en',
        url: `/lives/${ids['en-a']}`,
      },
      {
        time: T0 + 5 * MIN,
        kind: 'announcement',
        id: ids['ann-en'],
        title: 'Marker test ann-en',
        locale: 'en',
        url: `/announcement/${ids['ann-en']}`,
      },
      {
        time: T0 + 60 * MIN,
        kind: 'flash',
        id: ids['en-b'],
        title: 'Marker test en-b',
        locale: 'en',
        url: `/lives/${ids['en-b']}`,
      },
    ]);
    expect(headers.get('cache-control')).toMatch(/^private, max-age=30/);
    // A visitor's markers hold the announcements a visitor may read only (SPEC §6).
    const visitor = await markers(`coin=bitcoin&from=${T0 - MIN}&to=${T0 + 2 * 60 * MIN}&lan=en`);
    expect(visitor.data.list.map((m) => m.id)).toEqual([ids['en-a'], ids['en-b']]);
    expect(visitor.headers.get('cache-control')).toMatch(/^public, max-age=30/);
    expect(visitor.headers.get('vary')).toMatch(/Authorization, Cookie, X-CSRF-Token/);
  });

  it('gives Chinese readers both Chinese scripts and no English, each item naming its own', async () => {
    const { data } = await markers(`coin=bitcoin&from=${T0 - MIN}&to=${T0 + 2 * 60 * MIN}&lan=zh`);
    expect(data.list.map((m) => m.id)).toEqual([ids['zh-a'], ids['hk-a']]);
    // The chart tags a Traditional headline on a Simplified page by this.
    expect(data.list.map((m) => m.locale)).toEqual(['zh', 'zh-hk']);
  });

  it('keeps the newest items when the window holds more than the limit', async () => {
    const { data } = await markers(`coin=bitcoin&from=${T0 - MIN}&to=${T0 + 4 * 86_400_000}&limit=2&lan=en`);
    expect(data.capped).toBe(true);
    expect(data.list.map((m) => m.id)).toEqual([ids['en-b'], ids.late]);
  });

  it('clamps a window longer than the longest chart to its end', async () => {
    const to = T0 + 2 * 60 * MIN;
    const { data } = await markers(`coin=bitcoin&from=0&to=${to}&lan=en`);
    expect(data.from).toBe(to - 7000 * 86_400_000);
  });

  it('answers 4xx in the envelope for bad input, never 500', async () => {
    for (const q of [
      '',
      'coin=',
      'coin=bit%20coin',
      'coin=bitcoin&from=yesterday',
      'coin=bitcoin&limit=0',
      'coin=bitcoin&limit=201',
      'coin=bitcoin&limit=1.5',
      `coin=bitcoin&from=${T0}&to=${T0 - 1}`,
      'coin=bitcoin&to=99999999999999999',
    ]) {
      const res = await get(`/api/v1/klines/news?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).not.toBe(0);
      expect(res.body.msg, q).toBeTruthy();
      expect(res.headers.get('cache-control'), q).toBe('no-store');
    }
    const missing = await get('/api/v1/klines/news?coin=no-such-coin');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(404);
  });
});
