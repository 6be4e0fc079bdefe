import { getTableName, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW } from '../../../../tests/setup/constants.ts';
import { openTestDb } from '../../../../tests/setup/db.ts';
import type { DbHandle } from '../../db/client.ts';
import { CONTENT_TABLES, seedContent } from './index.ts';

let handle: DbHandle;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A digest of every row of every content table, in id order. */
async function contentDigest(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of CONTENT_TABLES) {
    const name = getTableName(table);
    const [row] = await rows<{ n: number; digest: string | null }>(
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from "${name}" t`),
    );
    out[name] = `${row!.n}:${row!.digest ?? ''}`;
  }
  return out;
}

describe('demo content seed', () => {
  beforeAll(async () => {
    handle = await openTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('writes Chinese amounts the Chinese way (2200万美元, never 22百万美元)', async () => {
    const [bad] = await rows<{ n: number }>(
      sql`select count(*)::int as n from flash_news where title like '%百万%' or body like '%百万%'`,
    );
    expect(bad!.n).toBe(0);
    const [counted] = await rows<{ n: number }>(
      sql`select count(*)::int as n from flash_news where locale = 'zh' and title ~ '[0-9.]+(万|亿)(美元|枚)'`,
    );
    expect(counted!.n).toBeGreaterThan(0);
  });

  it('writes English figures with thousands separators ("$1.2 billion", "3,420 USDT", never "$1200 million")', async () => {
    // Four or more digits in a row, not a year (19xx, 20xx) nor part of an id or a hash.
    const bare = '(^|[^0-9A-Za-z#.,/_-])(?!(19|20)[0-9]{2}([^0-9]|$))[0-9]{4,}';
    const found = await rows<{ kind: string; text: string }>(sql`
      select 'flash' as kind, title || ' ' || body as text from flash_news where locale = 'en' and (title || ' ' || body) ~ ${bare}
      union all select 'article', title || ' ' || coalesce(summary, '') || ' ' || body from articles where locale = 'en' and (title || ' ' || coalesce(summary, '') || ' ' || body) ~ ${bare}
      union all select 'announcement', title || ' ' || body from announcements where locale = 'en' and (title || ' ' || body) ~ ${bare}
      union all select 'event', title || ' ' || coalesce(body, '') from calendar_events where (title || ' ' || coalesce(body, '')) ~ ${bare}
      limit 5`);
    expect(found).toEqual([]);
    const [words] = await rows<{ n: number }>(
      sql`select count(*)::int as n from flash_news where locale = 'en' and title ~ '[0-9] (million|billion)'`,
    );
    expect(words!.n).toBeGreaterThan(0);
  });

  it('fills every content table', async () => {
    const digest = await contentDigest();
    const empty = Object.entries(digest)
      .filter(([, d]) => d.startsWith('0:'))
      .map(([name]) => name);
    expect(empty).toEqual([]);
  });

  it('writes the same rows (and ids) again for the same clock', async () => {
    const before = await contentDigest();
    await seedContent(handle.db, SEED_NOW);
    expect(await contentDigest()).toEqual(before);
  });

  it('gives the top coin content of every kind its detail tabs show', async () => {
    const [counts] = await rows<Record<string, number>>(sql`
      select
        (select count(*)::int from article_coins where coin_id = 'bitcoin') as news,
        (select count(*)::int from flash_news_coins where coin_id = 'bitcoin') as lives,
        (select count(*)::int from announcement_coins where coin_id = 'bitcoin') as announcements,
        (select count(*)::int from calendar_events where coin_id = 'bitcoin') as calendar`);
    for (const [kind, n] of Object.entries(counts!)) expect([kind, n > 0]).toEqual([kind, true]);
  });

  it('has content in English and Chinese', async () => {
    const locales = await rows<{ locale: string }>(
      sql`select distinct locale::text as locale from articles order by 1`,
    );
    expect(locales.map((r) => r.locale)).toEqual(expect.arrayContaining(['en', 'zh']));
  });
});
