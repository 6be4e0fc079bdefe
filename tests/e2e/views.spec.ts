import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { query } from './db.ts';

// Headless Chromium announces itself as HeadlessChrome, which is not counted; a desktop
// browser's user agent is. Each read uses its own query string so the page micro-cache
// cannot answer it. A reader counts once per item and day: the run's own user agents (a retry
// gets new ones) stand for two readers behind the same address.
const run = Date.now();
const browser = (n: number) => ({
  'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${run}.${n} Safari/537.36`,
});

async function firstLink(request: APIRequestContext, list: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(list)).text();
  const m = pattern.exec(html);
  expect(m, list).not.toBeNull();
  return m![0];
}

async function reads(
  request: APIRequestContext,
  path: string,
  n: number,
  headers: Record<string, string>,
): Promise<number> {
  const res = await request.get(`${path}?read=${n}`, { headers });
  const html = await res.text();
  expect(res.status(), path).toBe(200);
  const m = /data-testid="(?:announcement-views|article-views)"[^>]*>([\d,]+)/.exec(html);
  expect(m, `${path}: ${/data-testid="(?:announcement|article)-views"[^<]*/.exec(html)?.[0]}`).not.toBeNull();
  return Number(m![1]!.replace(/,/g, ''));
}

/**
 * An announcement of this test's own, published just before the tenth newest: inside the
 * visitors' window, but never the first link of a list, which other specs insert and open (a
 * reader of theirs counted here once, between this test's reads).
 */
async function ownAnnouncement(): Promise<string> {
  const [row] = await query<{ id: number }>(
    `insert into announcements (exchange_id, title, category, url, locale, published_at)
     select id, $1, 'listing', $2, 'en',
       coalesce((select published_at from announcements order by published_at desc offset 9 limit 1), now())
         - interval '1 second'
     from exchanges order by id limit 1 returning id`,
    [`E2E unread ${randomBytes(4).toString('hex')}`, `https://example.test/e2e/${randomBytes(6).toString('hex')}`],
  );
  return `/announcement/${row!.id}`;
}

for (const [kind, item] of [
  ['/announcement', ownAnnouncement],
  ['/news', (request: APIRequestContext) => firstLink(request, '/news', /\/news\/\d+/)],
] as const) {
  test(`opening ${kind} items counts each reader once a day, crawlers not at all`, async ({ request }) => {
    const path = await item(request);
    // A page shows the count as it was before its own read.
    const first = await reads(request, path, 1, browser(1));
    expect(await reads(request, path, 2, browser(1))).toBe(first + 1);
    // That second read, the same reader with another cache-busting parameter, added nothing;
    // nor does a crawler.
    await reads(request, path, 3, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(await reads(request, path, 4, browser(2))).toBe(first + 1);
    // Another reader did count.
    expect(await reads(request, path, 5, browser(1))).toBe(first + 2);
  });
}

// Nobody has read a new announcement yet: that is "0 views", not the "--" of a missing market figure.
test('a new announcement says it has no reads yet, in each language', async ({ request }) => {
  const path = await ownAnnouncement();
  const crawler = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' };
  for (const [prefix, text] of [
    ['', '0 views'],
    ['/zh', '0 次阅读'],
    ['/ko', '조회 0회'],
  ] as const) {
    const html = await (await request.get(`${prefix}${path}`, { headers: crawler })).text();
    expect(/data-testid="announcement-views"[^>]*>([^<]*)/.exec(html)?.[1], prefix || '/').toBe(text);
  }
  expect(await reads(request, path, 9, browser(9))).toBe(0);
  expect(await reads(request, path, 10, browser(10))).toBe(1);
});
