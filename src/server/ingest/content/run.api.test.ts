/**
 * The content ingest against a local fake of the sources (node:http): rounds, the first round
 * replacing a kind's demo content, repeats and near-identical titles kept once, and sources that
 * fail, stall, answer 429 or send too much, which cost a logged error and keep what is stored.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/setup/db.ts';
import type { ContentSource } from '../../../features/content/sources/index.ts';
import { demoKinds, readContentHealth } from '../../../features/content/sources/index.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  announcements,
  articles,
  contentBookmarks,
  contentSources,
  flashNews,
  siteMeta,
  users,
  votes,
} from '../../db/schema/index.ts';
import { MAX_CONTENT_BYTES } from './adapters.ts';
import { ContentIngest } from './run.ts';

let handle: DbHandle;
const db = () => handle.db;
let server: http.Server;
let base = '';
const asked: string[] = [];
const stalled: http.ServerResponse[] = [];

const rss = (items: { title: string; link: string; text?: string; at?: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Fake</title><link>https://fake.example</link>${items
    .map(
      (i) =>
        `<item><title>${i.title}</title><link>${i.link}</link><description><![CDATA[<p>${i.text ?? `${i.title}. The second sentence of the article.`}</p>]]></description><pubDate>${i.at ?? 'Fri, 27 Nov 2026 10:00:00 GMT'}</pubDate></item>`,
    )
    .join('')}</channel></rss>`;

/** What each fake path answers; tests change it between rounds. */
const answers = new Map<string, (res: http.ServerResponse) => void>();
const feed = (body: string) => (res: http.ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);

const NEWS_A = rss([
  { title: 'Bitcoin ETF sees record inflows as price nears $100,000', link: 'https://a.example/1' },
  { title: 'Ethereum developers set date for the next upgrade', link: 'https://a.example/2' },
  { title: 'Ethereum developers set date for the next upgrade', link: 'https://a.example/2' },
]);
const NEWS_B = rss([
  { title: 'Bitcoin ETFs see record inflows as price nears $100,000', link: 'https://b.example/x' },
  { title: 'Solana network reports a new record of daily transactions', link: 'https://b.example/y' },
]);

beforeAll(async () => {
  handle = await openTestDb();
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const answer = answers.get(req.url ?? '');
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of stalled) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handle?.close();
});

const source = (id: string, path: string, over: Partial<ContentSource> = {}): ContentSource => ({
  id,
  name: `Fake ${id}`,
  kind: 'news',
  locales: ['en'],
  adapter: 'feed',
  url: `${base}${path}`,
  homepage: 'https://fake.example',
  licence: 'Test fixture.',
  everyMinutes: 10,
  ...over,
});

let clock = Date.parse('2026-11-27T12:00:00Z');
const lines: string[] = [];
const ingest = (sources: ContentSource[], extra: Partial<ConstructorParameters<typeof ContentIngest>[0]> = {}) =>
  new ContentIngest({ db: db(), sources, now: () => clock, log: (l) => lines.push(l), timeoutMs: 700, ...extra });

describe('the first round of a kind', () => {
  it('replaces that kind of demo content only, with the readers’ bookmarks and votes of it', async () => {
    const [demoNews] = await db()
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.kind, 'news'), eq(articles.source, 'demo')))
      .limit(1);
    const [demoFlash] = await db().select({ id: flashNews.id }).from(flashNews).limit(1);
    const [user] = await db().select({ id: users.id }).from(users).limit(1);
    await db().insert(contentBookmarks).values({ userId: user!.id, kind: 'article', targetId: demoNews!.id });
    await db().insert(votes).values({ userId: user!.id, kind: 'flash', itemId: demoFlash!.id, value: 1 });
    const announcementsBefore = await db().$count(announcements);
    expect(await demoKinds(db())).toMatchObject({ news: true, lives: true, announcements: true });

    answers.set('/a.xml', feed(NEWS_A));
    const results = await ingest([source('fake-a', '/a.xml')]).runDue();
    expect(results).toEqual([{ source: 'fake-a', ok: true, read: 3, stored: 2, repeated: 1 }]);

    expect(await demoKinds(db())).toMatchObject({ news: false, lives: true, announcements: true });
    const news = await db()
      .select({ title: articles.title, source: articles.source, body: articles.body, summary: articles.summary })
      .from(articles)
      .where(eq(articles.kind, 'news'));
    // Every news row is the source's now, the demo columnists' included.
    expect(news.filter((a) => a.source === 'demo')).toEqual([]);
    expect(news.filter((a) => a.source === 'fake-a').map((a) => a.title)).toEqual([
      'Bitcoin ETF sees record inflows as price nears $100,000',
      'Ethereum developers set date for the next upgrade',
    ]);
    // Only the summary is kept, never the whole article.
    const kept = news.find((a) => a.source === 'fake-a')!;
    expect(kept.body).toBe(kept.summary);
    expect(
      await db().$count(
        contentBookmarks,
        and(eq(contentBookmarks.kind, 'article'), eq(contentBookmarks.targetId, demoNews!.id)),
      ),
    ).toBe(0);
    // Flash news and announcements are another kind: untouched, votes included.
    expect(await db().$count(votes, and(eq(votes.kind, 'flash'), eq(votes.itemId, demoFlash!.id)))).toBe(1);
    expect(await db().$count(announcements)).toBe(announcementsBefore);
    expect(lines.some((l) => /first news from Fake fake-a: the \d+ demo items of that kind are gone/.test(l))).toBe(
      true,
    );
  });

  it('happens once: a later round, or another worker, deletes nothing', async () => {
    const [meta] = await db().select().from(siteMeta).where(eq(siteMeta.key, 'content_live:news'));
    expect(meta?.value).toMatchObject({ removed: expect.any(Number) });
    const demoLeft = await db().$count(articles, eq(articles.source, 'demo'));
    clock += 11 * 60_000;
    answers.set('/b.xml', feed(NEWS_B));
    const results = await ingest([source('fake-a', '/a.xml'), source('fake-b', '/b.xml')]).runDue();
    // The same answer again stores nothing; the other outlet's near-identical title is the same story.
    expect(results).toEqual([
      { source: 'fake-a', ok: true, read: 3, stored: 0, repeated: 0 },
      { source: 'fake-b', ok: true, read: 2, stored: 1, repeated: 1 },
    ]);
    expect(await db().$count(articles, eq(articles.source, 'demo'))).toBe(demoLeft);
    expect(await db().$count(articles, eq(articles.sourceUrl, 'https://b.example/x'))).toBe(0);
  });
});

describe('a source that misbehaves', () => {
  it('failing, stalling, rate-limiting or flooding: a logged error, a longer wait, nothing stored or lost', async () => {
    const stored = await db().$count(articles);
    answers.set('/fail.xml', (res) => res.writeHead(500).end('oops'));
    answers.set('/limit.xml', (res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    answers.set('/stall.xml', (res) => void stalled.push(res));
    answers.set('/huge.xml', feed(`<rss>${'x'.repeat(MAX_CONTENT_BYTES + 10)}</rss>`));
    answers.set('/junk.xml', feed('<html><body>Service unavailable</body></html>'));
    const run = ingest(
      ['fail', 'limit', 'stall', 'huge', 'junk'].map((n) => source(`bad-${n}`, `/${n}.xml`, { everyMinutes: 5 })),
    );
    const first = await run.runDue();
    expect(first.map((r) => [r.source, r.ok])).toEqual([
      ['bad-fail', false],
      ['bad-limit', false],
      ['bad-stall', false],
      ['bad-huge', false],
      ['bad-junk', false],
    ]);
    expect(first[0]!.error).toMatch(/HTTP 500/);
    expect(first[1]!.error).toMatch(/HTTP 429/);
    expect(first[2]!.error).toMatch(/timed out/);
    expect(first[3]!.error).toMatch(/larger than/);
    expect(first[4]!.error).toMatch(/not a readable RSS/);
    expect(await db().$count(articles)).toBe(stored);

    const health = (await readContentHealth(db())).filter((h) => h.id.startsWith('bad-'));
    expect(health).toEqual([]); // not in the configured catalogue: the rows are there all the same
    const rows = await db()
      .select()
      .from(contentSources)
      .where(inArray(contentSources.id, ['bad-fail', 'bad-limit']));
    expect(rows.map((r) => [r.id, r.failures, r.lastSuccessAt])).toEqual(
      expect.arrayContaining([
        ['bad-fail', 1, null],
        ['bad-limit', 1, null],
      ]),
    );

    // Ten minutes on (twice the interval after a failure) the failing ones are asked again; the
    // one that asked for an hour's rest is not.
    asked.length = 0;
    clock += 10 * 60_000 + 1;
    const second = await run.runDue();
    expect(second.map((r) => r.source)).toEqual(['bad-fail', 'bad-stall', 'bad-huge', 'bad-junk']);
    expect(asked).not.toContain('/limit.xml');
    // Then twenty minutes (the wait doubles).
    clock += 11 * 60_000;
    expect(await run.runDue()).toEqual([]);
    clock += 10 * 60_000;
    expect((await run.runDue()).map((r) => r.source)).toEqual(['bad-fail', 'bad-stall', 'bad-huge', 'bad-junk']);
    expect(lines.some((l) => l.startsWith('[content] bad-fail: ') && l.includes('what is stored stays'))).toBe(true);
  });
});

describe('announcements and flash news', () => {
  it('stores an exchange’s announcements with their category and tells the notifier, once per new batch', async () => {
    answers.set(
      '/ann.xml',
      feed(
        rss([
          { title: 'Binance Will List Sui (SUI)', link: 'https://www.binance.com/en/support/announcement/sui-1' },
          {
            title: 'Scheduled maintenance of the wallet system',
            link: 'https://www.binance.com/en/support/announcement/m-2',
          },
        ]),
      ),
    );
    answers.set(
      '/flash.xml',
      feed(rss([{ title: 'BREAKING: exchange hacked, withdrawals paused', link: 'https://f.example/1' }])),
    );
    let told = 0;
    const run = ingest(
      [
        source('fake-ann', '/ann.xml', { kind: 'announcements', exchange: 'binance' }),
        source('fake-flash', '/flash.xml', { kind: 'lives' }),
      ],
      { onAnnouncements: async () => void told++ },
    );
    await run.runDue();
    expect(told).toBe(1);
    const rows = await db()
      .select({ title: announcements.title, category: announcements.category, source: announcements.source })
      .from(announcements)
      .where(eq(announcements.source, 'fake-ann'));
    expect(rows).toEqual(
      expect.arrayContaining([
        { title: 'Binance Will List Sui (SUI)', category: 'listing', source: 'fake-ann' },
        { title: 'Scheduled maintenance of the wallet system', category: 'maintenance', source: 'fake-ann' },
      ]),
    );
    expect(await db().$count(announcements, eq(announcements.source, 'demo'))).toBe(0);
    const [flash] = await db().select().from(flashNews).where(eq(flashNews.source, 'fake-flash'));
    expect(flash).toMatchObject({ important: true, sourceUrl: 'https://f.example/1' });
    clock += 11 * 60_000;
    await run.runDue();
    expect(told).toBe(1); // nothing new, nobody told
  });
});
