/**
 * Integration: the recorded fixtures imported into a copy of the seeded test database, twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import {
  announcementCoins,
  announcements,
  articleCoins,
  articles,
  exchanges,
  flashNews,
  flashNewsCoins,
} from '../../db/schema/index.ts';
import { openTestDb } from '../../../../tests/setup/db.ts';
import { guessCategory, importItems } from './import.ts';
import { readSource } from './source.ts';

let handle: DbHandle;
const db = () => handle.db;
const NOW = new Date('2026-11-20T12:00:00Z');
const FIXTURES = 'tests/fixtures/feeds';

beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => {
  await handle?.close();
});

async function counts() {
  const [a, f, n] = await Promise.all([db().$count(articles), db().$count(flashNews), db().$count(announcements)]);
  return { articles: a, flash: f, announcements: n };
}

describe('importing the fixtures', () => {
  let before: Awaited<ReturnType<typeof counts>>;

  it('adds every item once, skipping repeats within the run', async () => {
    before = await counts();
    const { items } = await readSource(FIXTURES);
    const report = await importItems(db(), items, { kind: 'news', exchange: 'binance', now: NOW });
    expect(report.failed).toEqual([]);
    expect(report).toMatchObject({ added: 13, updated: 0, unchanged: 0, duplicates: 2 });
    expect(report.byKind).toEqual({ news: 8, research: 1, lives: 1, announcements: 3 });
    const after = await counts();
    expect(after).toEqual({
      articles: before.articles + 9,
      flash: before.flash + 1,
      announcements: before.announcements + 3,
    });
  });

  it('stores plain-text bodies, summaries, dates, locales and related coins', async () => {
    const [a] = await db()
      .select()
      .from(articles)
      .where(eq(articles.sourceUrl, 'https://chainledger.example/2026/11/16/bitcoin-tops-98000/'));
    expect(a).toMatchObject({
      kind: 'news',
      locale: 'en',
      title: 'Bitcoin tops $98,000 as spot ETF inflows hit a three-week high',
    });
    expect(a!.publishedAt.toISOString()).toBe('2026-11-16T08:30:00.000Z');
    expect(a!.body).not.toMatch(/<|javascript|document\.write|steal/);
    expect(a!.body).toContain('\n\n• Open interest: $61B');
    expect(a!.summary).toMatch(/^Bitcoin climbed above \$98,000/);
    const coinsOf = async (id: number) =>
      (
        await db()
          .select({ c: articleCoins.coinId })
          .from(articleCoins)
          .where(eq(articleCoins.articleId, id))
          .orderBy(asc(articleCoins.coinId))
      ).map((r) => r.c);
    expect(await coinsOf(a!.id)).toEqual(['bitcoin', 'ethereum', 'solana']);

    // "One analyst … pay attention … gas": no Harmony, TenX or Gas.
    const [l2] = await db()
      .select()
      .from(articles)
      .where(eq(articles.sourceUrl, 'https://chainledger.example/2026/11/14/layer-2-record/'));
    expect(await coinsOf(l2!.id)).toEqual(['ethereum']);

    // A missing or unreadable date is the import time.
    const undated = await db()
      .select({ at: articles.publishedAt })
      .from(articles)
      .where(
        inArray(articles.sourceUrl, [
          'https://chainledger.example/2026/11/13/unlock-calendars/',
          'https://chainledger.example/2026/11/12/hashrate-column/',
        ]),
      );
    expect(undated.map((r) => r.at.toISOString())).toEqual([NOW.toISOString(), NOW.toISOString()]);

    // The Atom feed declares zh-CN.
    const [zh] = await db()
      .select()
      .from(articles)
      .where(eq(articles.sourceUrl, 'https://flash.example.cn/lives/880121'));
    expect(zh!.locale).toBe('zh');
    expect(await coinsOf(zh!.id)).toEqual(['bitcoin', 'ethereum']);

    const [research] = await db()
      .select()
      .from(articles)
      .where(eq(articles.sourceUrl, 'urn:coinlens:markdown:halving-explainer'));
    expect(research).toMatchObject({
      kind: 'research',
      summary: 'A look at miner revenue before and after the 2028 halving.',
    });
  });

  it('stores flash news with its flag and announcements with exchange and category', async () => {
    const [flash] = await db()
      .select()
      .from(flashNews)
      .where(eq(flashNews.sourceUrl, 'urn:coinlens:markdown:以太坊升级快讯'));
    expect(flash).toMatchObject({ important: true, locale: 'zh' });
    const flashCoins = await db()
      .select({ c: flashNewsCoins.coinId })
      .from(flashNewsCoins)
      .where(eq(flashNewsCoins.flashNewsId, flash!.id));
    expect(flashCoins.map((r) => r.c).sort()).toEqual(['bitcoin', 'ethereum']);

    const rows = await db()
      .select({
        id: announcements.id,
        url: announcements.url,
        category: announcements.category,
        exchange: exchanges.name,
        body: announcements.body,
      })
      .from(announcements)
      .innerJoin(exchanges, eq(exchanges.id, announcements.exchangeId))
      .where(
        inArray(announcements.url, [
          'https://www.binance.com/en/support/announcement/binance-will-list-zksync-zk-2026',
          'https://www.okx.com/help/scheduled-wallet-maintenance-bitcoin-2026-11',
          'https://exchange.example/notice/42',
        ]),
      )
      .orderBy(asc(announcements.url));
    expect(rows.map((r) => [r.exchange, r.category])).toEqual([
      ['binance', 'maintenance'],
      ['binance', 'listing'],
      ['okx', 'maintenance'],
    ]);
    const zk = rows.find((r) => r.url.includes('zksync'))!;
    expect(zk.body).not.toMatch(/<|fetch\(/);
    const zkCoins = await db()
      .select({ c: announcementCoins.coinId })
      .from(announcementCoins)
      .where(eq(announcementCoins.announcementId, zk.id));
    expect(zkCoins.map((r) => r.c)).toContain('ethereum');
  });

  it('adds nothing on a second run', async () => {
    const mid = await counts();
    const { items } = await readSource(FIXTURES);
    const report = await importItems(db(), items, {
      kind: 'news',
      exchange: 'binance',
      now: new Date(NOW.getTime() + 3_600_000),
    });
    expect(report).toMatchObject({ added: 0, updated: 0, unchanged: 13, duplicates: 2, failed: [] });
    expect(await counts()).toEqual(mid);
  });

  it('rewrites changed items with update, and leaves deleted articles deleted', async () => {
    const { items } = await readSource(`${FIXTURES}/news.rss.xml`);
    const edited = items.map((i, n) => (n === 1 ? { ...i, title: `${i.title} (updated)` } : i));
    const url = 'https://chainledger.example/2026/11/16/bitcoin-tops-98000/';
    await db().update(articles).set({ deletedAt: NOW }).where(eq(articles.sourceUrl, url));
    const report = await importItems(db(), edited, { kind: 'news', update: true, now: NOW });
    expect(report).toMatchObject({ added: 0, updated: 1, unchanged: 4 });
    const [row] = await db().select().from(articles).where(eq(articles.sourceUrl, items[1]!.key));
    expect(row!.title).toBe('Regulators publish draft stablecoin reserve rules (updated)');
    const [deleted] = await db().select({ d: articles.deletedAt }).from(articles).where(eq(articles.sourceUrl, url));
    expect(deleted!.d).not.toBeNull();
  });

  it('refuses a key already stored in another table, and announcements without an exchange', async () => {
    const lives = await readSource(`${FIXTURES}/lives.atom.xml`);
    const r1 = await importItems(db(), lives.items, { kind: 'lives', now: NOW });
    expect(r1.added).toBe(0);
    expect(r1.failed.map((f) => f.reason)).toEqual([
      'already imported as articles (https://flash.example.cn/lives/880121)',
      'already imported as articles (https://flash.example.cn/lives/880117)',
      'already imported as articles (tag:flash.example.cn,2026:lives/880102)',
    ]);
    const md = await readSource(`${FIXTURES}/markdown`);
    const fresh = md.items
      .filter((i) => i.origin === 'no-exchange.md')
      .map((i) => ({ ...i, key: 'https://exchange.example/notice/43', link: 'https://exchange.example/notice/43' }));
    const r2 = await importItems(db(), fresh, { kind: 'news', now: NOW });
    expect(r2.failed).toEqual([
      {
        origin: 'no-exchange.md',
        reason: 'an announcement needs an exchange (front matter "exchange:" or --exchange)',
      },
    ]);
    const r3 = await importItems(db(), fresh, { kind: 'news', exchange: 'no-such-exchange', now: NOW });
    expect(r3.failed[0]!.reason).toBe('unknown exchange "no-such-exchange"');
  });
});

describe('guessCategory', () => {
  it('reads the category from the title', () => {
    expect(guessCategory('Binance Will List Sui (SUI)')).toBe('listing');
    expect(guessCategory('Notice of Removal of Spot Trading Pairs')).toBe('delisting');
    expect(guessCategory('Binance Will Delist ABC')).toBe('delisting');
    expect(guessCategory('Scheduled wallet maintenance')).toBe('maintenance');
    expect(guessCategory('关于上线 XYZ 的公告')).toBe('listing');
    expect(guessCategory('Trade and share a $100,000 airdrop')).toBe('activity');
    expect(guessCategory('Terms of use updated')).toBe('other');
  });
});
