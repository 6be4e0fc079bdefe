import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db.ts';
import type { DbHandle } from '../../server/db/client.ts';
import { countReaderView, countView, isReaderRequest } from './views.server.ts';
import { createVisitorLedger } from './visitors.server.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('isReaderRequest', () => {
  it('counts browsers and leaves out crawlers, previews, scripts and HEAD', () => {
    expect(isReaderRequest('GET', CHROME)).toBe(true);
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Twitterbot/1.0',
      'facebookexternalhit/1.1',
      'curl/8.5',
      'Mozilla/5.0 HeadlessChrome/130',
    ])
      expect(isReaderRequest('GET', ua), ua).toBe(false);
    expect(isReaderRequest('GET', null)).toBe(false);
    expect(isReaderRequest('HEAD', CHROME)).toBe(false);
  });
});

describe('countView', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });
  const views = async (table: string, id: number) =>
    (
      (await handle.db.execute(sql.raw(`select views from ${table} where id = ${id}`))) as unknown as {
        rows: { views: number }[];
      }
    ).rows[0]!.views;
  const firstId = async (table: string) =>
    ((await handle.db.execute(sql.raw(`select min(id) as id from ${table}`))) as unknown as { rows: { id: number }[] })
      .rows[0]!.id;

  it('adds one read to the row of each kind', async () => {
    for (const [kind, table] of [
      ['announcement', 'announcements'],
      ['article', 'articles'],
      ['wiki', 'wiki_entries'],
      ['question', 'questions'],
    ] as const) {
      const id = await firstId(table);
      const before = await views(table, id);
      await countView(handle.db, kind, id);
      expect(await views(table, id), table).toBe(before + 1);
    }
  });

  it('counts a reader request and not a crawler', async () => {
    const id = await firstId('articles');
    const before = await views('articles', id);
    await countReaderView(
      handle.db,
      new Request('http://x/news/1', { headers: { 'user-agent': CHROME } }),
      'article',
      id,
      '192.0.2.1',
    );
    await countReaderView(
      handle.db,
      new Request('http://x/news/1', { headers: { 'user-agent': 'Googlebot/2.1' } }),
      'article',
      id,
      '192.0.2.2',
    );
    expect(await views('articles', id)).toBe(before + 1);
  });

  it('counts a reader once per item and day, whatever cache-busting parameter the URL carries', async () => {
    let clock = Date.parse('2026-11-24T10:00:00Z');
    const ledger = createVisitorLedger({ now: () => clock });
    const id = await firstId('questions');
    const other = await firstId('announcements');
    const before = await views('questions', id);
    const read = (n: number, address: string, ua = CHROME) =>
      countReaderView(
        handle.db,
        new Request(`http://x/question/${id}?bust=${n}`, { headers: { 'user-agent': ua } }),
        'question',
        id,
        address,
        ledger,
      );
    for (let n = 0; n < 5; n++) await read(n, '198.51.100.7');
    expect(await views('questions', id)).toBe(before + 1);
    // Another address, or another browser behind the same one, is another reader.
    await read(5, '198.51.100.8');
    await read(6, '198.51.100.7', `${CHROME} Edg/130.0`);
    expect(await views('questions', id)).toBe(before + 3);
    // The same reader on another item counts there.
    const annBefore = await views('announcements', other);
    await countReaderView(
      handle.db,
      new Request(`http://x/announcement/${other}`, { headers: { 'user-agent': CHROME } }),
      'announcement',
      other,
      '198.51.100.7',
      ledger,
    );
    expect(await views('announcements', other)).toBe(annBefore + 1);
    // Next UTC day, a new count.
    clock = Date.parse('2026-11-25T00:00:01Z');
    await read(7, '198.51.100.7');
    expect(await views('questions', id)).toBe(before + 4);
  });
});
