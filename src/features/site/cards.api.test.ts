// Share cards (issue 22 §6): /cards/{locale}/{article|coin}/{id}.png answered in-process by
// cardResponse, the function the Astro endpoint calls. Card images: 1200 × 630 PNG with an ETag
// and public caching, drawn once and kept, drawn again when what they show changes (an article's
// title at once; a coin's figures after COIN_CARD_MIN_AGE_MS), 404 for anything that names no card.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardResponse, cardStats, COIN_CARD_MIN_AGE_MS, forgetCards, parseCardPath } from './cards/cards.server.ts';
import { clip, fingerprint, type CoinCardContent } from './cards/content.server.ts';
import { escapeMarkup, scaledSpark } from './cards/render.server.ts';
import { closeDatabase, getDb, useDatabase, type DbHandle } from '../../server/db/index.ts';
import { marketChanged } from '../../server/db/cache.ts';
import { openTestDb } from '../../../tests/setup/db.ts';

const state: { handle?: DbHandle } = {};
beforeAll(async () => {
  state.handle = await openTestDb();
  useDatabase(state.handle);
  forgetCards();
});
afterAll(async () => {
  await closeDatabase();
});

/** Set CARD_SAMPLES=/some/dir to keep the drawn cards for looking at them. */
const SAMPLES = process.env.CARD_SAMPLES;
async function card(locale: string, kind: string, file: string, ifNoneMatch: string | null = null, now?: number) {
  const res = await cardResponse(await getDb(), { locale, kind, file }, ifNoneMatch, now);
  const body = Buffer.from(await res.arrayBuffer());
  if (SAMPLES && res.status === 200) fs.writeFileSync(path.join(SAMPLES, `${locale}-${kind}-${file}`), body);
  return { res, body };
}

/** The rows of a statement. */
async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await (await getDb()).execute(statement)) as unknown as { rows: T[] }).rows;
}

async function anArticle(locale: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`select id from articles where kind = 'news' and locale = ${locale} and deleted_at is null order by id limit 1`,
  );
  return Number(row!.id);
}

describe('share cards', () => {
  it('an article card: a 1200 × 630 PNG with an ETag and a day of public caching; kept, then 304', async () => {
    const id = await anArticle('en');
    const drawn = cardStats.drawn;
    const { res, body } = await card('en', 'article', `${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, stale-while-revalidate=86400');
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(body.length).toBeLessThan(400_000);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);

    const again = await card('en', 'article', `${id}.png`);
    expect(again.res.headers.get('etag')).toBe(etag);
    expect(cardStats.drawn).toBe(drawn + 1); // drawn once
    const cached = await card('en', 'article', `${id}.png`, etag);
    expect(cached.res.status).toBe(304);
    expect(cached.body.length).toBe(0);
    expect(cached.res.headers.get('etag')).toBe(etag);
    expect((await card('en', 'article', `${id}.png`, `W/${etag}`)).res.status).toBe(304);
    expect((await card('en', 'article', `${id}.png`, '"other"')).res.status).toBe(200);
  });

  it('each language is its own card; a changed title is drawn again at once', async () => {
    const id = await anArticle('zh');
    const zh = await card('zh', 'article', `${id}.png`);
    const en = await card('en', 'article', `${id}.png`);
    expect(zh.res.status).toBe(200);
    expect(en.res.headers.get('etag')).not.toBe(zh.res.headers.get('etag'));
    const db = await getDb();
    await db.execute(sql`update articles set title = title || '（更新）' where id = ${id}`);
    const renamed = await card('zh', 'article', `${id}.png`);
    expect(renamed.res.headers.get('etag')).not.toBe(zh.res.headers.get('etag'));
  });

  it('a coin card says the price as of a time: small moves keep it, a big one redraws it after ten minutes', async () => {
    const t0 = Date.now();
    const first = await card('en', 'coin', 'bitcoin.png', null, t0);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=600, stale-while-revalidate=3600');
    const etag = first.res.headers.get('etag');
    const db = await getDb();
    await db.execute(sql`update coins set price = price * 1.0001 where id = 'bitcoin'`);
    marketChanged(db);
    expect((await card('en', 'coin', 'bitcoin.png', null, t0 + COIN_CARD_MIN_AGE_MS + 1)).res.headers.get('etag')).toBe(
      etag,
    );
    await db.execute(sql`update coins set price = price * 1.05 where id = 'bitcoin'`);
    marketChanged(db);
    expect((await card('en', 'coin', 'bitcoin.png', null, t0 + 60_000)).res.headers.get('etag')).toBe(etag);
    expect(
      (await card('en', 'coin', 'bitcoin.png', null, t0 + COIN_CARD_MIN_AGE_MS + 1)).res.headers.get('etag'),
    ).not.toBe(etag);
    for (const locale of ['zh', 'zh-hk', 'ko'])
      expect((await card(locale, 'coin', 'bitcoin.png')).res.status).toBe(200);
  });

  it('anything that names no card is a 404, in the path’s language', async () => {
    const db = await getDb();
    const removed = await anArticle('en');
    await db.execute(
      sql`update articles set deleted_at = now() where id = (select id from articles where deleted_at is null order by id desc limit 1)`,
    );
    const [gone] = await rows<{ id: number }>(sql`select id from articles where deleted_at is not null limit 1`);
    const cases: [string, string, string][] = [
      ['en', 'article', '2147483647.png'],
      ['en', 'article', `${gone!.id}.png`],
      ['en', 'coin', 'no-such-coin.png'],
      ['fr', 'article', `${removed}.png`],
      ['en', 'user', `${removed}.png`],
      ['en', 'article', 'abc.png'],
      ['en', 'article', `${removed}.jpg`],
      ['en', 'article', '0.png'],
      ['en', 'article', '99999999999.png'],
      ['en', 'coin', 'Bitcoin.png'],
      ['en', 'coin', '..%2Fx.png'],
      ['en', 'coin', `${'a'.repeat(101)}.png`],
    ];
    for (const [locale, kind, file] of cases) {
      const { res, body } = await card(locale, kind, file);
      expect(res.status, `${locale}/${kind}/${file}`).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(body.toString()).toBe('This page could not be found');
    }
    expect((await card('zh', 'coin', 'no-such-coin.png')).body.toString()).toBe('页面不存在');
  });

  it('text from the database is drawn as written, never read as markup', async () => {
    expect(escapeMarkup('</span><span size="99999">x & \'y\'\u0007')).toBe(
      '&#60;/span&#62;&#60;span size=&#34;99999&#34;&#62;x &#38; &#39;y&#39;',
    );
    const [row] = await rows<{ id: number }>(
      sql`insert into articles (kind, title, body, locale, published_at) values ('news', ${'</span><span size="99999" foreground="red">Injected</span> & <b>bold</b> "quoted" 比特币 비트코인'}, 'body', 'en', now()) returning id`,
    );
    const { res, body } = await card('ko', 'article', `${row!.id}.png`);
    expect(res.status).toBe(200);
    expect((await sharp(body).metadata()).width).toBe(1200);
  });

  it('reads only its own parts: sizes, ids and the stored sparkline', () => {
    expect(parseCardPath('zh-hk', 'coin', 'bitcoin-cash.png')).toEqual({
      locale: 'zh-hk',
      kind: 'coin',
      id: 'bitcoin-cash',
    });
    expect(parseCardPath('en', 'article', '12.png')).toEqual({ locale: 'en', kind: 'article', id: '12' });
    expect(parseCardPath('en', 'article', '012.png')).toBeNull();
    expect(clip('a\u0000b  c', 10)).toBe('a b c');
    expect(clip('abcdefghij', 5)).toBe('abcd…');
    expect(clip('比特币比特币', 4)).toBe('比特币…');
    expect(scaledSpark('M0,34L60,2L120,18<script>', { x: 100, y: 10, w: 240, h: 72 })).toBe(
      'M100.0,78.0L220.0,14.0L340.0,46.0',
    );
    const coin = {
      kind: 'coin',
      id: 'x',
      name: 'X',
      localName: null,
      symbol: 'X',
      rank: 1,
      price: 94_513.92,
      change24h: -1.93,
      marketCap: 1.88e12,
      volume24h: 7.8e10,
      spark: null,
      priceAt: '',
      demo: false,
      iconSvg: '',
    } satisfies CoinCardContent;
    expect(fingerprint({ ...coin, price: 94_520 })).toBe(fingerprint(coin));
    expect(fingerprint({ ...coin, price: 95_100 })).not.toBe(fingerprint(coin));
    expect(fingerprint({ ...coin, change24h: -1.5 })).not.toBe(fingerprint(coin));
  });
});
