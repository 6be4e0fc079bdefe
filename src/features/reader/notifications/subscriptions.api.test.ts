/**
 * Announcement subscriptions (stare/exchange/list, stare/exchange/override, notice/subscribe,
 * notice/exchanges) under /api/new/v2 and /api/v3, and the private feed of subscribed
 * announcements (/feeds/private/{token}.xml|.atom, its token from /api/new/v1/notice/feedToken).
 */
import type { APIContext } from 'astro';
import { eq, sql } from 'drizzle-orm';
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import * as privateFeedRoute from '../../../pages/feeds/private/[file].ts';
import { announcementSubscriptions, exchanges } from '../../../server/db/schema/index.ts';
import type { AnnouncementPage } from '../../content/announcements/announcements.server.ts';
import { SUBSCRIPTIONS_MAX } from './subscriptions.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const ORIGIN = 'https://coins.example';
process.env.SITE_URL = ORIGIN;

const { get, call, db } = apiHarness();

type User = { id: number; token: string };
type Listed = { list: { name: string; display_name: string; subscribedAt: string }[] };

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;
const override = (u: User, exchanges: unknown, prefix = '/api/new/v2') =>
  call<Listed>('POST', `${prefix}/stare/exchange/override`, { json: { exchanges }, token: u.token });
const listOf = (u: User, prefix = '/api/new/v2') =>
  call<Listed>('GET', `${prefix}/stare/exchange/list`, { token: u.token });
const subscribedRows = (u: User) =>
  db().select().from(announcementSubscriptions).where(eq(announcementSubscriptions.userId, u.id));

/** Exchanges with announcements, most announcements first. */
let busy: { name: string; displayName: string }[] = [];
beforeAll(async () => {
  busy = await rowsOf<{ name: string; displayName: string }>(sql`
    select e.name, e.display_name as "displayName" from exchanges e join announcements a on a.exchange_id = e.id
    group by e.id order by count(*) desc, e.name limit 3`);
  expect(busy).toHaveLength(3);
});

describe('announcement subscriptions', () => {
  it('need a Bearer token on every personal path, under v2 and v3', async () => {
    for (const prefix of ['/api/new/v2', '/api/v3']) {
      for (const [method, path] of [
        ['GET', 'stare/exchange/list'],
        ['POST', 'stare/exchange/override'],
        ['GET', 'notice/subscribe'],
      ] as const) {
        const res = await call(method, `${prefix}/${path}`, {
          json: method === 'POST' ? { exchanges: [busy[0]!.name] } : undefined,
        });
        expect([path, res.status, res.body.code]).toEqual([path, 401, 401]);
      }
    }
    for (const [method, path] of [
      ['GET', '/api/new/v1/notice/feedToken'],
      ['POST', '/api/new/v1/notice/feedToken'],
      ['POST', '/api/new/v1/notice/feedToken/revoke'],
    ] as const) {
      expect((await call(method, path)).status).toBe(401);
    }
  });

  it('override replaces the set; list answers it sorted by display_name; v3 sees the same', async () => {
    const u = await signedInUser(db());
    expect((await listOf(u)).body).toMatchObject({ code: 0, data: { list: [] } });
    const first = await override(u, [busy[0]!.name, busy[1]!.name, busy[0]!.name.toUpperCase()]);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.data.list.map((e) => e.name).sort()).toEqual([busy[0]!.name, busy[1]!.name].sort());
    // Replace: busy[1] stays (keeping its subscription time), busy[0] goes, busy[2] comes.
    const before = new Map((await subscribedRows(u)).map((r) => [r.exchangeId, r.createdAt.getTime()]));
    const second = await override(u, [busy[1]!.name, busy[2]!.name], '/api/v3');
    expect(second.body.data.list.map((e) => e.name).sort()).toEqual([busy[1]!.name, busy[2]!.name].sort());
    const after = await subscribedRows(u);
    expect(after).toHaveLength(2);
    const [ex1] = await db().select({ id: exchanges.id }).from(exchanges).where(eq(exchanges.name, busy[1]!.name));
    expect(after.find((r) => r.exchangeId === ex1!.id)!.createdAt.getTime()).toBe(before.get(ex1!.id));
    const listed = (await listOf(u, '/api/v3')).body.data.list;
    expect(listed.map((e) => e.display_name)).toEqual(
      [...listed.map((e) => e.display_name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    // An empty list unsubscribes from all.
    expect((await override(u, [])).body.data.list).toEqual([]);
    expect(await subscribedRows(u)).toHaveLength(0);
  });

  it('refuses unknown exchanges, bad bodies and too many, changing nothing', async () => {
    const u = await signedInUser(db());
    await override(u, [busy[0]!.name]);
    const before = await subscribedRows(u);
    const unknown = await override(u, [busy[1]!.name, 'no-such-exchange']);
    expect([unknown.status, unknown.body.code, unknown.body.msg]).toEqual([
      400,
      400,
      'These exchanges do not exist, so nothing was saved: no-such-exchange',
    ]);
    for (const bad of [undefined, 'binance', [1], [''], [{}], ['x'.repeat(121)]]) {
      const res = await override(u, bad);
      expect([JSON.stringify(bad), res.status]).toEqual([JSON.stringify(bad), 400]);
    }
    const tooMany = await override(
      u,
      Array.from({ length: SUBSCRIPTIONS_MAX + 1 }, (_, i) => `x${i}`),
    );
    expect([tooMany.status, tooMany.body.msg]).toEqual([
      400,
      `You can subscribe to at most ${SUBSCRIPTIONS_MAX} exchanges.`,
    ]);
    const notJson = await call('POST', '/api/new/v2/stare/exchange/override', { raw: '{', token: u.token });
    expect(notJson.status).toBe(400);
    const zh = await call('POST', '/api/new/v2/stare/exchange/override?lan=zh', {
      json: { exchanges: ['nope'] },
      token: u.token,
    });
    expect(zh.body.msg).toMatch(/^以下交易所不存在/);
    expect(await subscribedRows(u)).toEqual(before);
  });

  it('keeps users apart', async () => {
    const a = await signedInUser(db());
    const b = await signedInUser(db());
    await override(a, [busy[0]!.name]);
    await override(b, [busy[1]!.name]);
    await override(a, []);
    expect((await listOf(b)).body.data.list.map((e) => e.name)).toEqual([busy[1]!.name]);
    const page = (await call<AnnouncementPage>('GET', '/api/new/v2/notice/subscribe', { token: a.token })).body.data;
    expect(page.total).toBe(0);
  });
});

describe('GET notice/subscribe', () => {
  it("lists the subscribed exchanges' announcements newest first, in the request language, without the visitor limit", async () => {
    const u = await signedInUser(db());
    await override(u, [busy[0]!.name, busy[1]!.name]);
    const [expected] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from announcements a join exchanges e on e.id = a.exchange_id
      where a.locale = 'en' and e.name in (${busy[0]!.name}, ${busy[1]!.name})`);
    for (const prefix of ['/api/new/v2', '/api/v3']) {
      const res = await call<AnnouncementPage>('GET', `${prefix}/notice/subscribe?page=1&size=20`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.data).toMatchObject({ total: expected!.n, page: 1, size: 20, limit: null, limited: false });
      expect(res.body.data.list.length).toBe(Math.min(20, expected!.n));
      for (const a of res.body.data.list) expect([busy[0]!.name, busy[1]!.name]).toContain(a.exchange.name);
      const times = res.body.data.list.map((a) => Date.parse(a.publishedAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
    }
    const zh = await call<AnnouncementPage>('GET', '/api/new/v2/notice/subscribe?lan=zh', { token: u.token });
    expect(new Set(zh.body.data.list.map((a) => a.locale))).toEqual(new Set(['zh']));
    expect((await call('GET', '/api/new/v2/notice/subscribe?size=7', { token: u.token })).status).toBe(400);
  });
});

describe('GET notice/exchanges', () => {
  it('lists the exchanges with announcements, sorted case-insensitively by display_name', async () => {
    for (const prefix of ['/api/new/v2', '/api/v3']) {
      const res = await get<{ list: { name: string; display_name: string }[] }>(`${prefix}/notice/exchanges`);
      expect(res.status).toBe(200);
      const [n] = await rowsOf<{ n: number }>(sql`select count(distinct exchange_id)::int as n from announcements`);
      expect(res.body.data.list).toHaveLength(n!.n);
      const names = res.body.data.list.map((e) => e.display_name.toLowerCase());
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(Object.keys(res.body.data.list[0]!).sort()).toEqual(['display_name', 'name']);
    }
  });
});

describe('the private feed', () => {
  type Route = { GET: (ctx: APIContext) => Response | Promise<Response> };
  const route = privateFeedRoute as Route;
  async function feed(url: string) {
    const u = new URL(url);
    const file = u.pathname.split('/').pop()!;
    const ctx = {
      params: { file },
      url: u,
      request: new Request(u),
      locals: { locale: 'en' },
    } as unknown as APIContext;
    const res = await route.GET(ctx);
    return { res, body: await res.text() };
  }

  it('serves the newest announcements of subscribed exchanges only, privately; rotation and revocation make old URLs 404', async () => {
    const u = await signedInUser(db());
    const other = await signedInUser(db());
    await override(u, [busy[0]!.name]);
    await override(other, [busy[1]!.name]);
    expect((await call('GET', '/api/new/v1/notice/feedToken', { token: u.token })).body.data).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await call<{ rss: string; atom: string; createdAt: string }>('POST', '/api/new/v1/notice/feedToken', {
      token: u.token,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.rss).toMatch(new RegExp(`^${ORIGIN}/feeds/private/[A-Za-z0-9_-]{43}\\.xml$`));
    expect(made.body.data.atom).toBe(made.body.data.rss.replace(/\.xml$/, '.atom'));
    expect((await call('GET', '/api/new/v1/notice/feedToken', { token: u.token })).body.data).toMatchObject({
      active: true,
    });
    // Only the hash is stored.
    const stored = await rowsOf<{ token_hash: string }>(
      sql`select token_hash from announcement_feed_tokens where user_id = ${u.id}`,
    );
    expect(made.body.data.rss).not.toContain(stored[0]!.token_hash);

    const rss = await feed(made.body.data.rss);
    expect(rss.res.status).toBe(200);
    expect(rss.res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(rss.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(rss.res.headers.get('x-robots-tag')).toContain('noindex');
    const parsed = parseRssFeed(rss.body);
    expect(parsed.items!.length).toBeGreaterThan(0);
    const display = busy[0]!.displayName;
    for (const item of parsed.items!) {
      expect(item.link).toMatch(new RegExp(`^${ORIGIN}/en/announcement/\\d+$`));
      expect(item.categories!.map((c) => c.name)).toContain(display);
    }
    const atom = await feed(made.body.data.atom);
    expect(atom.res.status).toBe(200);
    expect(parseAtomFeed(atom.body).entries!.length).toBe(parsed.items!.length);

    // Rotation: the old URL is gone, the new one works.
    const rotated = await call<{ rss: string }>('POST', '/api/new/v1/notice/feedToken', { token: u.token });
    expect(rotated.body.data.rss).not.toBe(made.body.data.rss);
    expect((await feed(made.body.data.rss)).res.status).toBe(404);
    expect((await feed(rotated.body.data.rss)).res.status).toBe(200);
    // Revocation.
    expect((await call('POST', '/api/new/v1/notice/feedToken/revoke', { token: u.token })).body.data).toEqual({
      active: false,
    });
    expect((await feed(rotated.body.data.rss)).res.status).toBe(404);
    // Garbage.
    for (const bad of ['x.xml', `${'a'.repeat(43)}.xml`, `${'a'.repeat(43)}.json`, ''])
      expect((await feed(`${ORIGIN}/feeds/private/${bad}`)).res.status).toBe(404);
  });

  it('speaks the language the token was made in', async () => {
    const u = await signedInUser(db());
    await override(u, [busy[0]!.name]);
    const made = await call<{ rss: string }>('POST', '/api/new/v1/notice/feedToken?lan=zh', { token: u.token });
    const parsed = parseRssFeed((await feed(made.body.data.rss)).body);
    expect(parsed.title).toMatch(/我订阅的交易所公告/);
    expect(parsed.items!.every((i) => /\/zh\/announcement\//.test(i.link!))).toBe(true);
  });
});
