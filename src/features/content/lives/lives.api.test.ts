import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CalendarEventDetail, CalendarPage } from '../calendar/calendar.server.ts';
import type { LiveDetail, LivesPage } from './lives.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';

const { get, db } = apiHarness();
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const lives = (query = '') => get<LivesPage>(`/api/v1/lives?${query}`);
const calendar = (query = '') => get<CalendarPage>(`/api/v1/calendar?${query}`);
const MISSING = 'Content does not exist or has been removed';

/** Ids of the flash news in some locales, in timeline order (newest first). */
const timelineIds = async (locales: string[]) =>
  (
    await rowsOf<{ id: number }>(
      sql`select id from flash_news where locale::text in (${sql.join(
        locales.map((l) => sql`${l}`),
        sql`, `,
      )}) order by published_at desc, id desc`,
    )
  ).map((r) => r.id);

describe('GET /api/v1/lives', () => {
  it('lists the English timeline newest first, ten items with their coins and votes', async () => {
    const { status, body } = await lives();
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const ids = await timelineIds(['en', 'ko']);
    expect(body.data.total).toBe(ids.length);
    expect(body.data.total).toBeGreaterThan(100);
    expect(body.data.list.map((i) => i.id)).toEqual(ids.slice(0, 10));
    expect(body.data.next).toBe(ids[9]);
    expect(body.data.before).toBeNull();
    for (const item of body.data.list) {
      expect(item.locale).toBe('en');
      expect(item.votesUp).toBeGreaterThanOrEqual(0);
      expect(item.votesDown).toBeGreaterThanOrEqual(0);
      expect(Date.parse(item.publishedAt)).not.toBeNaN();
    }
    const withCoins = body.data.list.filter((i) => i.coins.length > 0);
    expect(withCoins.length).toBeGreaterThan(0);
    for (const c of withCoins.flatMap((i) => i.coins))
      expect(c).toEqual({
        id: expect.any(String),
        symbol: expect.any(String),
        name: expect.any(String),
        icon: expect.any(String),
      });
  });

  it('walks the whole timeline with the cursor, without repeats or gaps', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const { body }: { body: { data: LivesPage } } = await lives(`size=50${before ? `&before=${before}` : ''}`);
      expect(body.data.before).toBe(before);
      seen.push(...body.data.list.map((i) => i.id));
      before = body.data.next;
      pages++;
    } while (before !== null && pages < 50);
    expect(seen).toEqual(await timelineIds(['en', 'ko']));
  });

  it('lists the Chinese rows for zh and zh-hk and the English ones for ko', async () => {
    const zh = (await lives('lan=zh&size=100')).body.data;
    const hk = (await lives('lan=zh-hk&size=100')).body.data;
    const ko = (await lives('lan=ko&size=100')).body.data;
    expect(zh.list.every((i) => i.locale === 'zh')).toBe(true);
    expect(zh.list.map((i) => i.id)).toEqual((await timelineIds(['zh', 'zh-hk'])).slice(0, 100));
    expect(hk.list.map((i) => i.id)).toEqual(zh.list.map((i) => i.id));
    expect(ko.list.map((i) => i.id)).toEqual((await timelineIds(['en', 'ko'])).slice(0, 100));
    expect(zh.list[0]!.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps only important items with important=true (about one in seven)', async () => {
    const { body } = await lives('important=true&size=100');
    const [n] = await rowsOf<{ important: number; all: number }>(
      sql`select count(*) filter (where important)::int as important, count(*)::int as "all" from flash_news where locale = 'en'`,
    );
    expect(body.data.total).toBe(n!.important);
    expect(body.data.list.every((i) => i.important)).toBe(true);
    expect(n!.important / n!.all).toBeGreaterThan(0.08);
    expect(n!.important / n!.all).toBeLessThan(0.3);
  });

  it('filters by coin, and bitcoin has plenty', async () => {
    const { body } = await lives('coin=bitcoin&size=20');
    const [n] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from flash_news f join flash_news_coins c on c.flash_news_id = f.id where c.coin_id = 'bitcoin' and f.locale = 'en'`,
    );
    expect(body.data.total).toBe(n!.n);
    expect(body.data.total).toBeGreaterThan(10);
    for (const item of body.data.list) expect(item.coins.map((c) => c.id)).toContain('bitcoin');
  });

  it('gives the last page with next = null', async () => {
    const ids = await timelineIds(['en', 'ko']);
    const { body } = await lives(`before=${ids.at(-3)}`);
    expect(body.data.list.map((i) => i.id)).toEqual(ids.slice(-2));
    expect(body.data.next).toBeNull();
  });

  it.each([
    ['size not in the list', 'size=7'],
    ['size not a number', 'size=ten'],
    ['oversize', 'size=1000'],
    ['cursor not an id', 'before=abc'],
    ['cursor zero', 'before=0'],
    ['negative cursor', 'before=-5'],
    ['unknown important flag', 'important=maybe'],
    ['malformed coin', 'coin=b%20tc!'],
  ])('rejects a %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await lives(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.data).toBeNull();
    expect(body.msg).toEqual(expect.any(String));
  });

  it('rejects a cursor naming no item with a 400 saying so', async () => {
    const { status, body } = await lives('before=999999');
    expect(status).toBe(400);
    expect(body.msg).toBe('The flash news item to continue from does not exist.');
  });

  it('answers an unknown coin with a 404', async () => {
    const { status, body } = await lives('coin=no-such-coin');
    expect(status).toBe(404);
    expect(body.code).toBe(404);
  });

  it('refuses an unsigned request', async () => {
    const { status } = await get('/api/v1/lives', { signed: false });
    expect(status).toBe(400);
  });
});

describe('GET /api/v1/lives/:id', () => {
  it('gives one item with its coins and its older and newer neighbours of the same language', async () => {
    const ids = await timelineIds(['zh']);
    const id = ids[5]!;
    const { status, body } = await get<LiveDetail>(`/api/v1/lives/${id}`);
    expect(status).toBe(200);
    const [row] = await rowsOf<{ title: string; body: string; locale: string }>(
      sql`select title, body, locale::text as locale from flash_news where id = ${id}`,
    );
    expect(body.data).toMatchObject({ id, title: row!.title, body: row!.body, locale: 'zh' });
    expect(body.data.newer!.id).toBe(ids[4]);
    expect(body.data.older!.id).toBe(ids[6]);
    const links = await rowsOf<{ coin_id: string }>(
      sql`select coin_id from flash_news_coins where flash_news_id = ${id} order by coin_id`,
    );
    expect(body.data.coins.map((c) => c.id).sort()).toEqual(links.map((l) => l.coin_id));
  });

  it('has no newer neighbour for the newest item and no older one for the oldest', async () => {
    const ids = await timelineIds(['en']);
    expect((await get<LiveDetail>(`/api/v1/lives/${ids[0]}`)).body.data.newer).toBeNull();
    expect((await get<LiveDetail>(`/api/v1/lives/${ids.at(-1)}`)).body.data.older).toBeNull();
  });

  it('answers a missing id with a 404 in the request language', async () => {
    const en = await get('/api/v1/lives/999999');
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ code: 404, data: null, msg: MISSING });
    const zh = await get('/api/v1/lives/999999?lan=zh');
    expect(zh.body.msg).toBe('内容不存在或已被删除');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('rejects the id %s with a 400', async (id) => {
    const { status, body } = await get(`/api/v1/lives/${id}`);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
  });
});

describe('GET /api/v1/calendar', () => {
  const countBetween = async (from: string, to: string, extra = sql``) =>
    (
      await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from calendar_events where starts_at >= ${from}::timestamptz and starts_at < ${to}::timestamptz ${extra}`,
      )
    )[0]!.n;

  it('shows the Monday-to-Sunday week of a date, every day present, events in their UTC day', async () => {
    const { status, body } = await calendar('view=week&date=2026-11-20');
    expect(status).toBe(200);
    const page = body.data;
    expect(page).toMatchObject({
      view: 'week',
      date: '2026-11-20',
      from: '2026-11-16',
      to: '2026-11-22',
      prev: '2026-11-13',
      next: '2026-11-27',
      importance: 1,
    });
    expect(page.days.map((d) => d.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(page.total).toBe(await countBetween('2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z'));
    expect(page.total).toBeGreaterThan(0);
    for (const d of page.days) {
      for (const e of d.events) expect(e.startsAt.slice(0, 10)).toBe(d.date);
      const times = d.events.map((e) => e.startsAt);
      expect(times).toEqual([...times].sort());
    }
  });

  it('shows a calendar month and a single day', async () => {
    const month = (await calendar('view=month&date=2026-11-20')).body.data;
    expect(month).toMatchObject({ from: '2026-11-01', to: '2026-11-30', prev: '2026-10-20', next: '2026-12-20' });
    expect(month.days).toHaveLength(30);
    expect(month.total).toBe(await countBetween('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'));
    expect(month.total).toBeGreaterThan(20);
    const day = (await calendar('view=day&date=2026-11-20')).body.data;
    expect(day.days.map((d) => d.date)).toEqual(['2026-11-20']);
    expect(day.total).toBe(await countBetween('2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z'));
  });

  it('carries every fact of an event', async () => {
    const events = (await calendar('view=month&date=2026-12-01')).body.data.days.flatMap((d) => d.events);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      expect(e.importance).toBeGreaterThanOrEqual(1);
      expect(e.importance).toBeLessThanOrEqual(5);
      expect(e.credibility === null || (e.credibility >= 0 && e.credibility <= 100)).toBe(true);
      expect(Array.isArray(e.tags)).toBe(true);
      expect(e.source).toEqual(expect.any(String));
    }
    expect(events.some((e) => e.coin !== null)).toBe(true);
    expect(events.some((e) => e.exchange !== null)).toBe(true);
  });

  it('keeps events of at least an importance and of one coin', async () => {
    const important = (await calendar('view=month&date=2026-11-20&importance=4')).body.data;
    const all = important.days.flatMap((d) => d.events);
    expect(all.every((e) => e.importance >= 4)).toBe(true);
    expect(important.total).toBe(
      await countBetween('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', sql`and importance >= 4`),
    );
    const btc = (await calendar('view=month&date=2026-11-20&coin=bitcoin')).body.data.days.flatMap((d) => d.events);
    expect(btc.length).toBeGreaterThan(0);
    expect(btc.every((e) => e.coin?.id === 'bitcoin')).toBe(true);
  });

  it('defaults to the week of today', async () => {
    const { body } = await calendar();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.data.view).toBe('week');
    expect(body.data.today).toBe(today);
    expect(body.data.days.map((d) => d.date)).toContain(today);
  });

  it.each([
    ['unknown view', 'view=year'],
    ['impossible date', 'date=2026-02-30'],
    ['date without dashes', 'date=20261120'],
    ['date and time', 'date=2026-11-20T10:00'],
    ['importance 0', 'importance=0'],
    ['importance 6', 'importance=6'],
    ['importance not a number', 'importance=high'],
    ['malformed coin', 'coin=%20'],
  ])('rejects an %s with a 400 envelope', async (_name, query) => {
    const { status, body } = await calendar(query);
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toEqual(expect.any(String));
  });

  it('answers an unknown coin with a 404', async () => {
    expect((await calendar('coin=no-such-coin')).status).toBe(404);
  });
});

describe('GET /api/v1/calendar/:id', () => {
  it('gives one event with related events of the same coin', async () => {
    const [row] = await rowsOf<{ id: number; title: string; coin_id: string }>(
      sql`select id, title, coin_id from calendar_events where coin_id = 'bitcoin' order by id limit 1`,
    );
    const { status, body } = await get<CalendarEventDetail>(`/api/v1/calendar/${row!.id}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: row!.id, title: row!.title, coin: { id: 'bitcoin', symbol: 'BTC' } });
    expect(body.data.related.length).toBeGreaterThan(0);
    expect(body.data.related.every((e) => e.coin?.id === 'bitcoin' && e.id !== row!.id)).toBe(true);
  });

  it('answers a missing id with a 404 and a bad one with a 400', async () => {
    const missing = await get('/api/v1/calendar/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe(MISSING);
    const bad = await get('/api/v1/calendar/first');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
  });
});
