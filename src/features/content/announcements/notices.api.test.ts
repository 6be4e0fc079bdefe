import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_CATEGORIES,
  VISITOR_ANNOUNCEMENT_LIMIT,
  type AnnouncementDetail,
  type AnnouncementPage,
} from './announcements.server.ts';
import type { CategoryGroup, ExchangeWithAnnouncements } from './counts.server.ts';
import { NOTICE_CATEGORIES, type NoticeDetail, type NoticeItem } from './notices.server.ts';
import type { Page } from '../../../server/db/numbers.ts';
import { SEED_NOW } from '../../../../tests/setup/constants.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, call, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const V2 = '/api/new/v2';
const MISSING = 'Content does not exist or has been removed';
const newestFirst = (xs: string[]) => xs.every((x, i) => i === 0 || Date.parse(xs[i - 1] as string) >= Date.parse(x));

describe('GET announcements', () => {
  const list = (query = '') => get<AnnouncementPage>(`${V2}/announcements?${query}`);

  it('lists English announcements newest first, ten a page, with exchange, category, coins and link', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from announcements where locale = 'en'`);
    expect(body.data.total).toBe(row!.n);
    expect(body.data.total).toBeGreaterThan(VISITOR_ANNOUNCEMENT_LIMIT);
    expect(body.data.list).toHaveLength(10);
    expect(newestFirst(body.data.list.map((a) => a.publishedAt))).toBe(true);
    for (const a of body.data.list) {
      expect(a.locale).toBe('en');
      expect(ANNOUNCEMENT_CATEGORIES).toContain(a.category);
      expect(a.exchange.name).toMatch(/^[a-z0-9.-]+$/);
      expect(a.url).toMatch(/^https:\/\//);
    }
    expect(body.data.list.some((a) => a.coins.length > 0)).toBe(true);
  });

  it('lists the Chinese rows for zh and zh-hk (converted to Traditional there), the English ones for ko', async () => {
    for (const [lan, locale] of [
      ['zh', 'zh'],
      ['zh-hk', 'zh-hk'],
      ['ko', 'en'],
      ['en', 'en'],
    ] as const) {
      const { body } = await list(`lan=${lan}`);
      expect(body.data.list.length).toBe(10);
      expect(new Set(body.data.list.map((a) => a.locale))).toEqual(new Set([locale]));
    }
    const zh = (await list('lan=zh')).body.data.list[0]!;
    const hk = (await list('lan=zh-hk')).body.data.list[0]! as typeof zh & { convertedFrom?: string };
    expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
    // The same Simplified row, converted for a Traditional Chinese reader and marked so.
    expect([hk.id, hk.convertedFrom]).toEqual([zh.id, 'zh']);
  });

  it('applies the visitor limit: the newest 30, then "log in to see more"', async () => {
    const first = (await list()).body.data;
    expect(first).toMatchObject({
      visibleTotal: VISITOR_ANNOUNCEMENT_LIMIT,
      limited: true,
      locked: false,
      limit: VISITOR_ANNOUNCEMENT_LIMIT,
    });
    const third = (await list('page=3')).body.data;
    expect(third.list).toHaveLength(10);
    const fourth = (await list('page=4')).body.data;
    expect(fourth).toMatchObject({ list: [], locked: true, limited: true });
    expect(fourth.total).toBe(first.total);
    const big = (await list('size=100')).body.data;
    expect(big.list).toHaveLength(VISITOR_ANNOUNCEMENT_LIMIT);
    const past = (await list('page=9999')).body.data;
    expect(past).toMatchObject({ list: [], locked: false });
  });

  it('lifts the visitor limit for a valid token, and only for one; the signed-in answer is private', async () => {
    const name = `ann_${Date.now().toString(36)}`;
    const reg = await call<{ token: string }>('POST', '/api/new/v1/register', {
      json: { userName: name, email: `${name}@example.com`, password: 'secret-pass' },
      ip: '10.9.8.7',
    });
    expect(reg.body.code).toBe(0);
    const auth = { authorization: `Bearer ${reg.body.data.token}` };
    const visitor = await list('page=4');
    expect(visitor.headers.get('vary')).toMatch(/Authorization/);
    expect(visitor.headers.get('cache-control')).toMatch(/public/);
    const signed = await get<AnnouncementPage>(`${V2}/announcements?page=4`, { headers: auth });
    expect(signed.body.data).toMatchObject({
      locked: false,
      limited: false,
      limit: null,
      visibleTotal: visitor.body.data.total,
    });
    expect(signed.body.data.list).toHaveLength(10);
    expect(signed.headers.get('cache-control')).toBe('private, no-store');
    expect(signed.headers.get('vary')).toMatch(/Authorization/);
    // A forged or revoked token is a visitor's (the list is public; only the extra rows need an account).
    const forged = await get<AnnouncementPage>(`${V2}/announcements?page=4`, {
      headers: { authorization: `Bearer ${reg.body.data.token.slice(0, -4)}AAAA` },
    });
    expect(forged.body.data).toMatchObject({ list: [], locked: true });
    await call('POST', '/api/new/v1/logout', { json: {}, token: reg.body.data.token });
    expect((await get<AnnouncementPage>(`${V2}/announcements?page=4`, { headers: auth })).body.data).toMatchObject({
      list: [],
      locked: true,
    });
  });

  it('filters by exchange and by category', async () => {
    const binance = (await list('exchange=binance&size=30')).body.data;
    expect(binance.total).toBeGreaterThan(0);
    expect(new Set(binance.list.map((a) => a.exchange.name))).toEqual(new Set(['binance']));
    const listings = (await list('category=listing&size=30')).body.data;
    expect(listings.total).toBeGreaterThan(0);
    expect(new Set(listings.list.map((a) => a.category))).toEqual(new Set(['listing']));
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from announcements where locale = 'en' and category = 'listing'`,
    );
    expect(listings.total).toBe(row!.n);
  });

  it('ranks "hot" by views within the latest week', async () => {
    const hot = (await list('sort=hot')).body.data;
    expect(hot.sort).toBe('hot');
    const views = hot.list.map((a) => a.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const newest = Math.max(...(await list()).body.data.list.map((a) => Date.parse(a.publishedAt)));
    for (const a of hot.list) expect(Date.parse(a.publishedAt)).toBeGreaterThanOrEqual(newest - 7 * 86_400_000);
  });

  it('answers under /api/v3 as well', async () => {
    const v3 = await get<AnnouncementPage>('/api/v3/announcements?page=2');
    expect(v3.status).toBe(200);
    expect(v3.body.data).toEqual((await list('page=2')).body.data);
  });

  it('is a 404 for an unknown exchange', async () => {
    const { status, body } = await list('exchange=no-such-exchange');
    expect(status).toBe(404);
    expect(body.code).toBe(404);
    expect(body.msg).toBe('No exchange with this name.');
  });

  it.each([
    ['page 0', 'page=0'],
    ['page not a number', 'page=abc'],
    ['negative page', 'page=-2'],
    ['size not offered', 'size=7'],
    ['oversize size', 'size=1000'],
    ['unknown category', 'category=airdrop'],
    ['unknown sort', 'sort=views'],
    ['bad exchange name', 'exchange=%3Cscript%3E'],
  ])('rejects %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toMatch(/^Invalid value for \w+/);
  });

  it('needs the request signature', async () => {
    const { status, body } = await get(`${V2}/announcements`, { signed: false });
    expect(status).toBe(400);
    expect(body.code).toBe(4001);
  });
});

describe('GET announcements/{id}', () => {
  it('gives the announcement with body, exchange, related coins and original link', async () => {
    // Of those a visitor may open (the newest 30 in English), the one with the most coins.
    const [row] = await rowsOf<{ id: number; n: number }>(
      sql`select announcement_id as id, count(*)::int as n from announcement_coins
          where announcement_id in (select id from announcements where locale = 'en' order by published_at desc, id desc limit ${VISITOR_ANNOUNCEMENT_LIMIT})
          group by announcement_id order by count(*) desc, announcement_id limit 1`,
    );
    const { status, body } = await get<AnnouncementDetail>(`${V2}/announcements/${row!.id}`);
    expect(status).toBe(200);
    expect(body.data.id).toBe(row!.id);
    expect(body.data.body).toEqual(expect.any(String));
    expect(body.data.coins).toHaveLength(row!.n);
    expect(body.data.coins[0]).toMatchObject({
      id: expect.any(String),
      symbol: expect.any(String),
      icon: expect.stringContaining('/icons/coins/'),
    });
    expect(body.data.exchange.displayName).toEqual(expect.any(String));
    expect((await get(`/api/v3/announcements/${row!.id}`)).body).toEqual(body);
  });

  it('is a 404 "Content does not exist or has been removed" for a missing id, in the request language', async () => {
    const { status, body } = await get(`${V2}/announcements/99999999`);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, data: null, msg: MISSING });
    expect((await get(`${V2}/announcements/99999999?lan=zh`)).body.msg).toBe('内容不存在或已被删除');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('rejects the id %j with a 400', async (id) => {
    const { status, body } = await get(`${V2}/announcements/${id}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });
});

describe('GET notice/getTodayCount', () => {
  it('counts the announcements of today (UTC) in the request language', async () => {
    const { status, body } = await get<{ date: string; count: number }>(`${V2}/notice/getTodayCount`);
    expect(status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.data.date).toBe(today);
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from announcements where locale = 'en' and published_at >= ${`${today}T00:00:00Z`}::timestamptz and published_at < ${`${today}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
    expect(body.data.count).toBe(row!.n);
  });

  it('counts another day, and one exchange', async () => {
    const day = SEED_NOW.toISOString().slice(0, 10);
    const all = (await get<{ date: string; count: number }>(`${V2}/notice/getTodayCount?date=${day}`)).body.data;
    expect(all.date).toBe(day);
    expect(all.count).toBeGreaterThanOrEqual(5);
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from announcements where locale = 'zh' and published_at >= ${`${day}T00:00:00Z`}::timestamptz and published_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
    expect((await get<{ count: number }>(`/api/v3/notice/getTodayCount?date=${day}&lan=zh`)).body.data.count).toBe(
      row!.n,
    );
    const [ex] = await rowsOf<{ name: string; n: number }>(
      sql`select e.name, count(*)::int as n from announcements a join exchanges e on e.id = a.exchange_id
          where a.locale = 'en' and a.published_at >= ${`${day}T00:00:00Z`}::timestamptz and a.published_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day'
          group by e.name order by n desc, e.name limit 1`,
    );
    expect(
      (await get<{ count: number }>(`${V2}/notice/getTodayCount?date=${day}&exchange=${ex!.name}`)).body.data.count,
    ).toBe(ex!.n);
  });

  it.each([
    ['an impossible date', 'date=2026-02-30', 400],
    ['a date that is not YYYY-MM-DD', 'date=20261120', 400],
    ['an unknown exchange', 'exchange=no-such-exchange', 404],
  ])('rejects %s', async (_name, query, status) => {
    const res = await get(`${V2}/notice/getTodayCount?${query}`);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(status);
  });
});

describe('GET notice/group', () => {
  it('counts announcements per category, every category listed', async () => {
    const { status, body } = await get<{ list: CategoryGroup[]; total: number; today: number }>(`${V2}/notice/group`);
    expect(status).toBe(200);
    expect(body.data.list.map((g) => g.category)).toEqual([...ANNOUNCEMENT_CATEGORIES]);
    const rows = await rowsOf<{ category: string; n: number }>(
      sql`select category, count(*)::int as n from announcements where locale = 'en' group by category`,
    );
    for (const g of body.data.list) expect(g.count).toBe(rows.find((r) => r.category === g.category)?.n ?? 0);
    expect(body.data.total).toBe(rows.reduce((s, r) => s + r.n, 0));
    for (const g of body.data.list) expect(g.today).toBeLessThanOrEqual(g.count);
  });

  it('counts one exchange', async () => {
    const { body } = await get<{ total: number }>(`${V2}/notice/group?exchange=binance`);
    const [row] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from announcements a join exchanges e on e.id = a.exchange_id where e.name = 'binance' and a.locale = 'en'`,
    );
    expect(body.data.total).toBe(row!.n);
    expect((await get(`${V2}/notice/group?exchange=nope-nope`)).status).toBe(404);
    expect((await get(`${V2}/notice/group?exchange=a%20b`)).status).toBe(400);
  });
});

describe('GET exchange/list4content', () => {
  it('lists the exchanges with announcements by rank, with their counts', async () => {
    const { status, body } = await get<{ list: ExchangeWithAnnouncements[] }>(`${V2}/exchange/list4content`);
    expect(status).toBe(200);
    expect(body.data.list.length).toBeGreaterThan(10);
    for (const e of body.data.list) expect(e.count).toBeGreaterThan(0);
    const total = (await get<AnnouncementPage>(`${V2}/announcements`)).body.data.total;
    expect(body.data.list.reduce((s, e) => s + e.count, 0)).toBe(total);
    const ranks = await rowsOf<{ name: string }>(
      sql`select name from exchanges where name in (select e.name from announcements a join exchanges e on e.id = a.exchange_id) order by rank nulls last, name`,
    );
    expect(body.data.list.map((e) => e.name)).toEqual(ranks.map((r) => r.name));
    expect((await get('/api/v3/exchange/list4content')).status).toBe(200);
  });
});

describe('GET notice/index and notice/getNoticesInfo (site notices)', () => {
  it('lists site notices newest first, by category', async () => {
    const { status, body } = await get<Page<NoticeItem>>(`${V2}/notice/index`);
    expect(status).toBe(200);
    const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from notices where locale = 'en'`);
    expect(body.data.total).toBe(row!.n);
    expect(body.data.total).toBeGreaterThan(10);
    expect(body.data.list).toHaveLength(10);
    expect(newestFirst(body.data.list.map((n) => n.publishedAt))).toBe(true);
    for (const n of body.data.list) expect(NOTICE_CATEGORIES).toContain(n.category);
    const data = (await get<Page<NoticeItem>>(`${V2}/notice/index?category=data&size=50&lan=zh`)).body.data;
    expect(data.list.length).toBeGreaterThan(0);
    expect(new Set(data.list.map((n) => `${n.category}/${n.locale}`))).toEqual(new Set(['data/zh']));
  });

  it('gives one notice, and a 404 for a missing one', async () => {
    const first = (await get<Page<NoticeItem>>(`${V2}/notice/index`)).body.data.list[0]!;
    const { status, body } = await get<NoticeDetail>(`${V2}/notice/getNoticesInfo?id=${first.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: first.id, title: first.title, body: expect.any(String) });
    const missing = await get(`${V2}/notice/getNoticesInfo?id=99999999`);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(MISSING);
  });

  it.each([
    ['notice/index?page=0'],
    ['notice/index?size=11'],
    ['notice/index?category=listing'],
    ['notice/getNoticesInfo'],
    ['notice/getNoticesInfo?id=abc'],
    ['notice/getNoticesInfo?id=-5'],
  ])('rejects %s with a 400 envelope', async (path) => {
    const { status, body } = await get(`${V2}/${path}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, data: null, msg: expect.stringMatching(/^Invalid value for/) });
  });
});

describe('demo announcements', () => {
  it('relate to the top coins, so coin pages have announcements', async () => {
    const [row] = await rowsOf<{ btc: number; eth: number }>(
      sql`select (select count(*)::int from announcement_coins where coin_id = 'bitcoin') as btc, (select count(*)::int from announcement_coins where coin_id = 'ethereum') as eth`,
    );
    expect(row!.btc).toBeGreaterThanOrEqual(10);
    expect(row!.eth).toBeGreaterThan(0);
  });

  it('have unique original links and some published today in the seed clock', async () => {
    const [row] = await rowsOf<{ n: number; urls: number; today: number }>(
      sql`select count(*)::int as n, count(distinct url)::int as urls,
          count(*) filter (where published_at >= date_trunc('day', ${SEED_NOW.toISOString()}::timestamptz at time zone 'UTC') at time zone 'UTC')::int as today
          from announcements`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(300);
    expect(row!.urls).toBe(row!.n);
    expect(row!.today).toBeGreaterThan(0);
  });
});
