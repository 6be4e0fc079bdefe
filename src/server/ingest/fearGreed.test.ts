import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../../../tests/setup/fakeUpstream.ts';
import { AlternativeMe, readRow, readRows } from './fearGreed.ts';
import { SourceError } from './sources/http.ts';

/** A recorded answer of tests/fixtures/feargreed/, as the source sent it (text). */
const recorded = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../../tests/fixtures/feargreed', name), 'utf8');

const NOW = Date.UTC(2025, 0, 11, 8);
let up: FakeUpstream;
const source = () => new AlternativeMe({ baseUrl: up.url, now: () => NOW, retries: 1, sleep: async () => {} });

beforeEach(async () => {
  up = await startFakeUpstream({ '/fng/': { body: recorded('normal.json') } });
});
afterEach(() => up.close());

describe('alternative.me Fear & Greed answers', () => {
  it('asks for a number of days as JSON and reads every day of a normal answer', async () => {
    const { rows, skipped } = await source().fearGreed(30);
    expect(Object.fromEntries(up.requests[0]!.query)).toEqual({ limit: '30', format: 'json' });
    expect(skipped).toBe(0);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual({ day: '2025-01-10', value: 49, classification: 'Neutral' });
    expect(rows.at(-1)).toEqual({ day: '2024-12-12', value: 86, classification: 'Extreme Greed' });
    expect(new Set(rows.map((r) => r.day)).size).toBe(30);
  });

  it('reads the whole history of the first call (limit=0), back to February 2018', async () => {
    up.route('/fng/', { body: recorded('full.json') });
    const { rows } = await source().fearGreed(0);
    expect(up.requests[0]!.query.get('limit')).toBe('0');
    expect(rows).toHaveLength(40);
    expect(rows.at(-1)).toEqual({ day: '2018-02-01', value: 30, classification: 'Fear' });
    expect(rows.find((r) => r.day === '2018-02-06')).toEqual({
      day: '2018-02-06',
      value: 8,
      classification: 'Extreme Fear',
    });
  });

  it('skips the rows that do not read and keeps the first of a repeated day', async () => {
    up.route('/fng/', { body: recorded('odd.json') });
    const { rows, skipped } = await source().fearGreed(30);
    expect(rows).toEqual([
      { day: '2025-01-11', value: 52, classification: 'Neutral' },
      // HTML and a word in other languages are not stored: the value's class is.
      { day: '2025-01-10', value: 61, classification: 'Greed' },
      { day: '2025-01-09', value: 38, classification: 'Fear' },
      { day: '2025-01-04', value: 27, classification: 'Fear' },
    ]);
    expect(skipped).toBe(11);
  });

  it('reports the error the source names in its metadata', async () => {
    up.route('/fng/', { body: recorded('error.json') });
    const s = source();
    await expect(s.fearGreed(30)).rejects.toThrow(
      'alternative.me: source error: Limit must be a positive integer or 0',
    );
    expect(s.state()).toMatchObject({ status: 'failing', name: 'alternative.me' });
  });

  it('turns a cut-off answer, an HTML page or rows none of which read into a SourceError', async () => {
    up.route('/fng/', { body: recorded('malformed.json') });
    await expect(source().fearGreed(30)).rejects.toThrow(/alternative\.me: malformed JSON/);
    up.route('/fng/', { body: recorded('html.html'), headers: { 'content-type': 'text/html' } });
    await expect(source().fearGreed(30)).rejects.toThrow(SourceError);
    up.route('/fng/', { body: { name: 'Fear and Greed Index', data: [{ value: 'x' }], metadata: { error: null } } });
    await expect(source().fearGreed(30)).rejects.toThrow('alternative.me: none of 1 rows readable');
    up.route('/fng/', { body: { name: 'Fear and Greed Index', data: [], metadata: { error: null } } });
    await expect(source().fearGreed(30)).rejects.toThrow('alternative.me: no rows in the answer');
    up.route('/fng/', { body: { name: 'Fear and Greed Index', metadata: { error: null } } });
    await expect(source().fearGreed(30)).rejects.toThrow('alternative.me: unexpected payload: no data');
  });

  it('tries a server error again, then gives up with the status', async () => {
    up.route('/fng/', [{ status: 503 }, { body: recorded('normal.json') }]);
    expect((await source().fearGreed(30)).rows).toHaveLength(30);
    up.route('/fng/', { status: 500 });
    await expect(source().fearGreed(30)).rejects.toThrow('alternative.me: HTTP 500');
  });
});

describe('a row of the index', () => {
  it('takes the value and time as strings or numbers, whole and in range', () => {
    const at = String(Date.UTC(2025, 0, 5) / 1000);
    expect(readRow({ value: '0', value_classification: 'Extreme Fear', timestamp: at }, NOW)?.value).toBe(0);
    expect(readRow({ value: 100, value_classification: 'Extreme Greed', timestamp: Number(at) }, NOW)?.value).toBe(100);
    for (const value of ['101', '-1', '50.5', '', null, 'fifty', '1e2'])
      expect(readRow({ value, value_classification: 'Neutral', timestamp: at }, NOW)).toBeNull();
  });

  it('refuses a time before the index began or more than a day ahead of the clock', () => {
    const row = (seconds: number) => readRow({ value: '50', value_classification: 'Neutral', timestamp: seconds }, NOW);
    expect(row(Date.UTC(2018, 0, 31) / 1000)).toBeNull();
    expect(row(Date.UTC(2018, 1, 1) / 1000)?.day).toBe('2018-02-01');
    expect(row((NOW + 86_400_000) / 1000)?.day).toBe('2025-01-12');
    expect(row((NOW + 86_400_000) / 1000 + 1)).toBeNull();
  });

  it('names its day in UTC, whatever hour the source stamps it with', () => {
    // The index's first years were stamped at 05:00 UTC.
    expect(readRow({ value: '40', value_classification: 'Fear', timestamp: '1551157200' }, NOW)?.day).toBe(
      '2019-02-26',
    );
  });

  it('keeps the class the source names in any spelling, else the value’s', () => {
    const at = Date.UTC(2025, 0, 5) / 1000;
    const cls = (value: string, word: unknown) =>
      readRow({ value, value_classification: word, timestamp: at }, NOW)?.classification;
    expect(cls('60', 'extreme_greed')).toBe('Extreme Greed');
    expect(cls('60', '  FEAR ')).toBe('Fear');
    expect(cls('60', undefined)).toBe('Greed');
    expect(cls('10', '<b>Neutral</b>')).toBe('Extreme Fear');
    expect(cls('90', '극단적 탐욕')).toBe('Extreme Greed');
  });

  it('counts what it left out', () => {
    expect(readRows([null, 'x', { value: '5' }], NOW)).toEqual({ rows: [], skipped: 3 });
  });
});
