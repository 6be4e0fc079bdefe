import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageViews } from '../../server/db/schema/index.ts';
import { listAnnouncements } from '../content/announcements/announcements.server.ts';
import { utcDay } from './pageViews.server.ts';
import { apiHarness } from '../../../tests/api/helpers.ts';

const { call, db } = apiHarness();

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
let nextIp = 1;
const pv = (json: unknown, opts: { ua?: string; ip?: string; raw?: string; contentType?: string } = {}) =>
  call<{ counted: boolean; path: string }>('POST', '/api/new/v1/pv', {
    ...(opts.raw !== undefined ? { raw: opts.raw } : { json }),
    ip: opts.ip ?? `10.0.0.${nextIp++}`,
    headers: { 'user-agent': opts.ua ?? BROWSER, ...(opts.contentType ? { 'content-type': opts.contentType } : {}) },
  });
const count = async (path: string) =>
  (await db().select({ n: pageViews.n }).from(pageViews).where(eq(pageViews.path, path)))[0]?.n ?? 0;

describe('POST /api/new/v1/pv', () => {
  it('counts a view per normalised path and UTC day, with no auth and no cookie', async () => {
    const res = await pv({ path: '/coin/bitcoin' });
    expect([res.status, res.body.code]).toEqual([200, 0]);
    expect(res.body.data).toEqual({ counted: true, path: '/coin/bitcoin' });
    expect(res.headers.get('set-cookie')).toBeNull();
    // Locale twins, queries and hashes are the same page.
    await pv({ path: '/zh/coin/bitcoin?x=1' });
    await pv({ path: '/zh-hk/coin/bitcoin/#top' });
    // sendBeacon's text/plain body is read too.
    expect(
      (await pv(null, { raw: JSON.stringify({ path: '/ko/coin/bitcoin' }), contentType: 'text/plain;charset=UTF-8' }))
        .body.data.counted,
    ).toBe(true);
    expect(await count('/coin/bitcoin')).toBe(4);
    const rows = await db().select().from(pageViews).where(eq(pageViews.path, '/coin/bitcoin'));
    expect(rows).toEqual([{ path: '/coin/bitcoin', day: utcDay(Date.now()), n: 4 }]);
  });

  it('refuses anything that is not a site path (400, translated), counting nothing', async () => {
    const before = await db().select().from(pageViews).orderBy(asc(pageViews.path));
    for (const json of [
      {},
      { path: 'coin/x' },
      { path: 'https://evil.example/' },
      { path: '//evil.example/' },
      { path: `/${'x'.repeat(300)}` },
      { path: '/api/v1/coins' },
      { path: 7 },
      [],
    ]) {
      const res = await pv(json);
      expect([JSON.stringify(json), res.status]).toEqual([JSON.stringify(json), 400]);
      expect(res.body.code).not.toBe(0);
    }
    expect((await pv(null, { raw: 'not json' })).status).toBe(400);
    const zh = await call('POST', '/api/new/v1/pv?lan=zh', { json: { path: 'x' }, headers: { 'user-agent': BROWSER } });
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(await db().select().from(pageViews).orderBy(asc(pageViews.path))).toEqual(before);
  });

  it('answers crawlers and scripts but does not count them', async () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      'Mozilla/5.0 HeadlessChrome/130',
      '',
    ]) {
      const res = await pv({ path: '/bot-only' }, { ua });
      expect([res.status, res.body.data.counted]).toEqual([200, false]);
    }
    expect(await count('/bot-only')).toBe(0);
  });

  it('limits one address to a burst of 60, then answers 429 without counting', async () => {
    const ip = '192.0.2.77';
    // Sixty browsers behind one address (an office): sixty readers.
    for (let i = 0; i < 60; i++)
      expect((await pv({ path: '/limited' }, { ip, ua: `${BROWSER} #${i}` })).status).toBe(200);
    const res = await pv({ path: '/limited' }, { ip });
    expect([res.status, res.body.code]).toEqual([429, 4291]);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await count('/limited')).toBe(60);
    // Other addresses are not affected.
    expect((await pv({ path: '/limited' }, { ip: '192.0.2.78' })).status).toBe(200);
  });

  it('counts a visitor once per path and day, however the URL is busted; two visitors count twice', async () => {
    const ip = '192.0.2.90';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await pv({ path: `/zh/news/77?bust=${i}` }, { ip })).body.data.counted);
    expect(answers).toEqual([true, false, false, false, false]);
    expect(await count('/news/77')).toBe(1);
    expect((await pv({ path: '/news/77' }, { ip: '192.0.2.91' })).body.data.counted).toBe(true);
    expect(await count('/news/77')).toBe(2);
  });

  it('keeps nothing about the visitor: page_views holds a path, a day and a number', async () => {
    const columns = await db().execute(
      sql`select column_name from information_schema.columns where table_name = 'page_views' order by ordinal_position`,
    );
    expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name)).toEqual([
      'path',
      'day',
      'n',
    ]);
    // The read counters are one number per item; no table or column names a visitor.
    const personal = await db().execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and table_name in ('page_views', 'announcements', 'articles', 'wiki_entries', 'questions') and column_name ~* '(^ip|_ip$|address|agent|visitor|client|fingerprint|hash)'`,
    );
    expect((personal as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('needs the request signature like every API call', async () => {
    const res = await call('POST', '/api/new/v1/pv', {
      json: { path: '/x' },
      signed: false,
      headers: { 'user-agent': BROWSER },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

describe('hot announcements', () => {
  it('rank by the last week of page views, then by reads', async () => {
    const base = await listAnnouncements(db(), { page: 1, size: 10, sort: 'hot' });
    expect(base.list.length).toBeGreaterThan(2);
    const last = base.list[base.list.length - 1]!;
    // The least read of the hot window gets page views: it goes first.
    for (let i = 0; i < 3; i++) await pv({ path: `/zh/announcement/${last.id}` });
    const after = await listAnnouncements(db(), { page: 1, size: 10, sort: 'hot' });
    expect(after.list[0]!.id).toBe(last.id);
    // Views older than the window do not count.
    await db()
      .insert(pageViews)
      .values({ path: `/announcement/${base.list[1]!.id}`, day: utcDay(Date.now() - 8 * 86_400_000), n: 1000 });
    const again = await listAnnouncements(db(), { page: 1, size: 10, sort: 'hot' });
    expect(again.list[0]!.id).toBe(last.id);
  });
});
