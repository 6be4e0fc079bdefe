// The Fear & Greed job on a copy of the seeded database (which holds the demo year), against a
// local fake of alternative.me answering the recorded answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../tests/setup/fakeUpstream.ts';
import type { DbHandle } from '../db/client.ts';
import { AlternativeMe, FearGreedRefresh } from './fearGreed.ts';

const recorded = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/feargreed', name), 'utf8');

const NOW = Date.UTC(2025, 0, 11, 8);
let handle: DbHandle;
let up: FakeUpstream;
let clock = NOW;

beforeAll(async () => {
  handle = await openTestDb();
  up = await startFakeUpstream({ '/fng/': { body: recorded('full.json') } });
});
afterAll(async () => {
  await up.close();
  await handle.close();
});

const job = (log?: (line: string) => void) =>
  new FearGreedRefresh({
    db: handle.db,
    source: new AlternativeMe({ baseUrl: up.url, now: () => clock, retries: 0 }),
    intervalMs: 3_600_000,
    now: () => clock,
    log,
  });

interface Row {
  day: string;
  value: number;
  classification: string;
  source: string;
  fetched_at: string;
}
const stored = async () =>
  (
    (await handle.db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, value::int as value, classification, source, fetched_at::text
      from fear_greed order by day desc`)) as unknown as { rows: Row[] }
  ).rows;

describe('the Fear & Greed job', () => {
  it('starts from the demo year the seeder wrote', async () => {
    const rows = await stored();
    expect(rows).toHaveLength(365);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['demo']));
  });

  it('asks for the whole history first, stores it and drops the demo year', async () => {
    const r = await job().refresh();
    expect(r).toEqual({ full: true, stored: 40, skipped: 0, latest: '2025-01-10' });
    expect(up.requests.at(-1)!.query.get('limit')).toBe('0');
    const rows = await stored();
    expect(rows).toHaveLength(40);
    expect(rows[0]).toMatchObject({
      day: '2025-01-10',
      value: 49,
      classification: 'Neutral',
      source: 'alternative.me',
    });
    expect(rows.at(-1)).toMatchObject({ day: '2018-02-01', value: 30, classification: 'Fear' });
    expect(new Set(rows.map((r) => Date.parse(r.fetched_at)))).toEqual(new Set([NOW]));
  });

  it('asks for the last 30 days once they are stored, and takes the source’s corrections', async () => {
    clock = NOW + 3_600_000;
    const body = JSON.parse(recorded('normal.json')) as { data: { value: string }[] };
    body.data[1]!.value = '68';
    up.route('/fng/', { body });
    const r = await job().refresh();
    expect(r).toMatchObject({ full: false, stored: 30 });
    expect(up.requests.at(-1)!.query.get('limit')).toBe('30');
    const rows = await stored();
    expect(rows).toHaveLength(40);
    expect(rows.find((x) => x.day === '2025-01-09')).toMatchObject({ value: 68 });
    expect(Date.parse(rows[0]!.fetched_at)).toBe(clock);
    // Days the round did not bring keep their time.
    expect(Date.parse(rows.at(-1)!.fetched_at)).toBe(NOW);
  });

  it('stores the rows that read and skips the others', async () => {
    up.route('/fng/', { body: recorded('odd.json') });
    const r = await job().refresh();
    expect(r).toEqual({ full: false, stored: 4, skipped: 11, latest: '2025-01-11' });
    const rows = await stored();
    expect(rows).toHaveLength(41);
    expect(rows.slice(0, 3).map((x) => [x.day, x.value, x.classification])).toEqual([
      ['2025-01-11', 52, 'Neutral'],
      ['2025-01-10', 61, 'Greed'],
      ['2025-01-09', 38, 'Fear'],
    ]);
    expect(rows.every((x) => x.value >= 0 && x.value <= 100 && x.day < '2025-01-13')).toBe(true);
  });

  it('keeps what is stored when the source fails, says so in the log, and runs again later', async () => {
    const before = await stored();
    for (const answer of [
      { status: 500 },
      { body: recorded('malformed.json') },
      { body: recorded('error.json') },
      { body: recorded('html.html') },
    ]) {
      up.route('/fng/', answer);
      await expect(job().refresh()).rejects.toThrow(/^alternative\.me: /);
      expect(await stored()).toEqual(before);
    }
    const lines: string[] = [];
    const running = job((line) => lines.push(line));
    running.start();
    await running.stop();
    expect(lines).toEqual([
      expect.stringMatching(/^\[fear-greed\] alternative\.me: malformed JSON .*; the stored index stays$/),
    ]);
    expect(running.state().status).toBe('failing');
    expect(await stored()).toEqual(before);
  });

  it('asks for the whole history again when the stored days stop a month back', async () => {
    clock = Date.UTC(2025, 2, 1);
    up.route('/fng/', { body: recorded('normal.json') });
    const lines: string[] = [];
    const running = job((line) => lines.push(line));
    running.start();
    await running.stop();
    expect(up.requests.at(-1)!.query.get('limit')).toBe('0');
    expect(lines).toEqual(['[fear-greed] alternative.me: 30 days stored (whole history), newest 2025-01-10']);
  });
});
