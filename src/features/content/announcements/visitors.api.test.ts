/**
 * SPEC §6 ("log in to see more"), security.md L9: a visitor sees the newest
 * VISITOR_ANNOUNCEMENT_LIMIT announcements of the languages a page lists, and no more. One
 * window for every visitor view: the lists (filtered ones show the window's rows that match),
 * the hot list, by id, a coin's announcements, search and the chart markers (the feeds and the
 * sitemap: src/features/site/feeds.api.test.ts). A signed-in reader sees everything.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csrfFor, sessionIdOf } from '../../../server/auth/cookies.ts';
import {
  ANNOUNCEMENT_CATEGORIES,
  listAnnouncements,
  VISITOR_ANNOUNCEMENT_LIMIT,
  type AnnouncementDetail,
  type AnnouncementPage,
} from './announcements.server.ts';
import type { ContentItem } from '../../market/coin/content.server.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { get, db } = apiHarness();
const V2 = '/api/new/v2';
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db().execute(query)) as unknown as { rows: T[] }).rows;

/** The rows a page in `lan` lists (contentLocales), and its visitors' window: the newest 30 of them. */
const LANGUAGES = { en: ['en'], zh: ['zh', 'zh-hk'], ko: ['ko', 'en'] } as const;
async function windowOf(lan: keyof typeof LANGUAGES): Promise<number[]> {
  const locales = sql.join(
    LANGUAGES[lan].map((l) => sql`${l}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: number }>(
    sql`select id from announcements where locale::text in (${locales}) order by published_at desc, id desc limit ${VISITOR_ANNOUNCEMENT_LIMIT}`,
  );
  return rows.map((r) => r.id);
}
/** The newest rows of one language past its window: the first of them is the first a visitor may not open. */
async function pastWindow(locale: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    sql`select id from announcements where locale::text = ${locale} order by published_at desc, id desc offset ${VISITOR_ANNOUNCEMENT_LIMIT} limit 1`,
  );
  return row!.id;
}
const ids = (page: { list: { id: number }[] }) => page.list.map((a) => a.id);

describe('an announcement by id', () => {
  it('opens to a visitor only inside the window (#201 of the demo seed is past it); a signed-in reader opens it', async () => {
    const en = await windowOf('en');
    const zh = await windowOf('zh');
    expect(en).not.toContain(201);
    expect(zh).not.toContain(201);
    const locked = await get<AnnouncementDetail>(`${V2}/announcements/201`);
    expect(locked.status).toBe(401);
    expect(locked.body).toEqual({ code: 4011, data: null, msg: 'Log in to read this announcement.' });
    expect(locked.headers.get('cache-control')).toBe('no-store');
    expect((await get(`${V2}/announcements/201?lan=zh`)).body.msg).toBe('登录后即可阅读此公告。');
    // The edges of the windows, whatever the request's language (a detail page shows any row).
    for (const [id, open] of [
      [en.at(-1)!, true],
      [await pastWindow('en'), false],
      [zh.at(-1)!, true],
      [await pastWindow('zh'), false],
    ] as const) {
      for (const lan of ['en', 'zh'])
        expect((await get(`${V2}/announcements/${id}?lan=${lan}`)).status, `#${id} ${lan}`).toBe(open ? 200 : 401);
    }

    const { token } = await signedInUser(db());
    const bearer = await get<AnnouncementDetail>(`${V2}/announcements/201`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.body.data).toMatchObject({ id: 201 });
    expect(bearer.body.data.body).toBeTruthy();
    expect(bearer.headers.get('cache-control')).toBe('private, no-store');
    // A browser's session: the cookie with its CSRF header; the answer varies on that header too.
    const csrf = await csrfFor(db(), sessionIdOf(token));
    const browser = await get<AnnouncementDetail>(`${V2}/announcements/201`, {
      headers: { cookie: `jwt=${token}; csrf=${csrf}`, 'x-csrf-token': csrf },
    });
    expect(browser.body.data).toMatchObject({ id: 201 });
    expect(locked.headers.get('vary')).toMatch(/X-CSRF-Token/);
  });
});

describe('the lists a visitor sees', () => {
  it('hold the window and nothing else: unfiltered, by category, by exchange and hot, in every language', async () => {
    const exchanges = (
      await rowsOf<{ name: string }>(
        sql`select name from exchanges where id in (select exchange_id from announcements) order by name`,
      )
    ).map((r) => r.name);
    for (const lan of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
      const window = await windowOf(lan);
      const all = (await get<AnnouncementPage>(`${V2}/announcements?lan=${lan}&size=50`)).body.data;
      expect(ids(all), lan).toEqual(window);
      expect(all.limited).toBe(true);
      const hot = (await get<AnnouncementPage>(`${V2}/announcements?lan=${lan}&size=50&sort=hot`)).body.data;
      expect(hot.list.length).toBeGreaterThan(0);
      for (const id of ids(hot)) expect(window, `hot ${lan}`).toContain(id);

      const filters = [
        ...ANNOUNCEMENT_CATEGORIES.map((c) => `category=${c}`),
        ...exchanges.map((e) => `exchange=${e}`),
      ];
      for (const filter of filters) {
        const page = (await get<AnnouncementPage>(`${V2}/announcements?lan=${lan}&size=100&${filter}`)).body.data;
        const [field, value] = filter.split('=') as ['category' | 'exchange', string];
        const matching = all.list
          .filter((a) => (field === 'category' ? a.category : a.exchange.name) === value)
          .map((a) => a.id);
        // The window's rows that match, newest first; the prompt counts them against the whole list.
        expect(ids(page), `${lan} ${filter}`).toEqual(matching);
        expect(page.visibleTotal).toBe(matching.length);
        expect(page.limited).toBe(page.total > matching.length);
      }
    }
  });

  it('past a filtered list’s visible rows, a page asks to log in; a signed-in reader gets the whole list', async () => {
    // The exchange with the most English announcements: more than a page of them, a page or less in the window.
    const window = await windowOf('en');
    const [top] = await rowsOf<{ name: string; n: number; shown: number }>(sql`
      select e.name, count(*)::int as n, count(*) filter (where a.id in (${sql.join(
        window.map((id) => sql`${id}`),
        sql`, `,
      )}))::int as shown
      from announcements a join exchanges e on e.id = a.exchange_id where a.locale = 'en' group by e.name order by count(*) desc limit 1`);
    const size = [10, 20, 30].find((s) => s >= top!.shown)!;
    expect(top!.n).toBeGreaterThan(size);
    const first = (await get<AnnouncementPage>(`${V2}/announcements?exchange=${top!.name}&size=${size}`)).body.data;
    expect(first).toMatchObject({ visibleTotal: top!.shown, total: top!.n, limited: true });
    const second = (await get<AnnouncementPage>(`${V2}/announcements?exchange=${top!.name}&size=${size}&page=2`)).body
      .data;
    expect(second).toMatchObject({ list: [], locked: true, limited: true });
    const { token } = await signedInUser(db());
    const signed = (
      await get<AnnouncementPage>(`${V2}/announcements?exchange=${top!.name}&size=${size}&page=2`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).body.data;
    expect(signed).toMatchObject({ locked: false, limited: false, limit: null, visibleTotal: top!.n });
    expect(signed.list).toHaveLength(Math.min(size, top!.n - size));
  });

  it('read without their counts (an exchange page’s newest five) are the rows of the counted page', async () => {
    const exchanges = (
      await rowsOf<{ name: string }>(
        sql`select name from exchanges where id in (select exchange_id from announcements) order by name`,
      )
    ).map((r) => r.name);
    for (const locales of Object.values(LANGUAGES).map((l) => [...l])) {
      for (const exchange of [...exchanges, 'no-such-exchange']) {
        for (const [page, signedIn] of [
          [1, false],
          [2, false],
          [1, true],
        ] as const) {
          const q = { page, size: 5, locales, exchange, signedIn };
          const counted = await listAnnouncements(db(), q).catch(() => ({ list: [] }));
          const rows = await listAnnouncements(db(), { ...q, rowsOnly: true });
          expect(ids(rows), `${locales} ${exchange} ${page} ${signedIn}`).toEqual(ids(counted));
        }
      }
    }
  });
});

describe('the other places announcements show', () => {
  it('a coin’s announcements, search and the chart markers hold the window’s rows only', async () => {
    const window = new Set(await windowOf('en'));
    // The coin with the most English announcements outside the window (and some inside).
    const inWindow = sql.join(
      [...window].map((id) => sql`${id}`),
      sql`, `,
    );
    const [coin] = await rowsOf<{ coin: string; outside: number }>(sql`
      select ac.coin_id as coin, count(*) filter (where a.id not in (${inWindow}))::int as outside
      from announcement_coins ac join announcements a on a.id = ac.announcement_id
      where a.locale = 'en' group by ac.coin_id having count(*) filter (where a.id in (${inWindow})) > 0
      order by 2 desc limit 1`);
    expect(coin!.outside).toBeGreaterThan(0);
    const tab = (
      await get<{ list: ContentItem[]; total: number }>(
        `/api/v1/coins/${coin!.coin}/content?kind=announcements&size=100&lan=en`,
      )
    ).body.data;
    expect(tab.list.length).toBeGreaterThan(0);
    for (const a of tab.list) expect(window.has(a.id), `coin tab #${a.id}`).toBe(true);

    const found = (
      await get<{ sections: { kind: string; list: { id: number }[] }[] }>(
        `/api/v1/search/content?q=${encodeURIComponent(tab.list[0]!.source!)}&kind=announcement&size=50&lan=en`,
      )
    ).body.data;
    const hits = found.sections.find((x) => x.kind === 'announcement')!.list;
    expect(hits.length).toBeGreaterThan(0);
    for (const a of hits) expect(window.has(a.id), `search #${a.id}`).toBe(true);

    const markers = (
      await get<{ list: { kind: string; id: number }[] }>(`/api/v1/klines/news?coin=${coin!.coin}&limit=100&lan=en`)
    ).body.data;
    const announced = markers.list.filter((m) => m.kind === 'announcement');
    expect(announced.length).toBeGreaterThan(0);
    for (const m of announced) expect(window.has(m.id), `marker #${m.id}`).toBe(true);
  });
});
