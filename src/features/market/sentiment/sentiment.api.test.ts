import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { SEED_NOW } from '../../../../tests/setup/constants.ts';
import { fearGreedCard, listFearGreedDays, readFearGreed } from './sentiment.server.ts';
import type { FearGreedDaysPage, FearGreedSummary } from './sentiment.server.ts';

const { get, db } = apiHarness();
const LAST = '2026-11-20';

describe('the seeded demo index', () => {
  it('reads the latest value with its class, the days before it and its age, labelled demo', async () => {
    const s = await readFearGreed(db(), { range: '30d', now: SEED_NOW.getTime() + 90_000 });
    expect(s.latest).toMatchObject({ day: LAST, source: 'demo', demo: true, ageSeconds: 90 });
    expect(s.latest!.value).toBeGreaterThanOrEqual(0);
    expect(s.latest!.value).toBeLessThanOrEqual(100);
    expect(s.before.day!.day).toBe('2026-11-19');
    expect(s.before.week!.day).toBe('2026-11-13');
    expect(s.before.month!.day).toBe('2026-10-21');
    expect(s.provenance).toEqual({ source: 'demo', demo: true, url: null, fetchedAt: SEED_NOW.toISOString() });
    expect(s.history).toHaveLength(30);
    expect(s.history.at(-1)!.day).toBe(LAST);
    expect(s.history[0]!.day).toBe('2026-10-22');
  });

  it('gives each range its days, oldest first', async () => {
    for (const [range, n] of [
      ['30d', 30],
      ['90d', 90],
      ['1y', 365],
      ['all', 365],
    ] as const) {
      const { history } = await readFearGreed(db(), { range });
      expect([range, history.length]).toEqual([range, n]);
      expect(history.every((p, i) => i === 0 || p.day > history[i - 1]!.day)).toBe(true);
    }
    expect((await fearGreedCard(db())).history).toHaveLength(90);
  });

  it('pages the daily table newest first, each day with its change', async () => {
    const first = await listFearGreedDays(db(), { range: '90d', page: 1, size: 30 });
    expect(first.total).toBe(90);
    expect(first.list).toHaveLength(30);
    expect(first.list[0]!.day).toBe(LAST);
    expect(first.list[0]!.change).toBe(first.list[0]!.value - first.list[1]!.value);
    const last = await listFearGreedDays(db(), { range: '90d', page: 3, size: 30 });
    expect(last.list.at(-1)!.day).toBe('2026-08-23');
    // The range's first day has a change too: the day before it is stored.
    expect(last.list.at(-1)!.change).not.toBeNull();
    const all = await listFearGreedDays(db(), { range: 'all', page: 4, size: 100 });
    expect(all.list.at(-1)!.change).toBeNull();
    const past = await listFearGreedDays(db(), { range: '30d', page: 9, size: 30 });
    expect(past).toMatchObject({ list: [], total: 30, page: 9 });
  });
});

describe('GET /api/v1/fear-greed', () => {
  it('answers the summary of a range in the envelope, cacheable', async () => {
    const { status, body, headers } = await get<FearGreedSummary>('/api/v1/fear-greed?range=90d');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: 'success' });
    expect(body.data.range).toBe('90d');
    expect(body.data.history).toHaveLength(90);
    expect(body.data.latest).toMatchObject({ day: LAST, demo: true });
    expect(headers.get('cache-control')).toMatch(/^public, max-age=300/);
    expect((await get<FearGreedSummary>('/api/v1/fear-greed')).body.data.range).toBe('1y');
  });

  it('refuses an unknown range or page size with a message naming it, and an unsigned request', async () => {
    const bad = await get('/api/v1/fear-greed?range=7d');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/range/);
    expect((await get('/api/v1/fear-greed/days?size=7')).status).toBe(400);
    const unsigned = await get('/api/v1/fear-greed?range=30d', { signed: false });
    expect([unsigned.status, unsigned.body.code]).toEqual([400, 4001]);
  });

  it('pages the days', async () => {
    const { body } = await get<FearGreedDaysPage>('/api/v1/fear-greed/days?range=30d&size=10&page=2');
    expect(body.data).toMatchObject({ total: 30, page: 2, size: 10, range: '30d' });
    expect(body.data.list.map((d) => d.day)[0]).toBe('2026-11-10');
  });

  it('credits alternative.me once its rows replace the demo year', async () => {
    await db().execute(sql`delete from fear_greed`);
    await db().execute(sql`
      insert into fear_greed (day, value, classification, source, fetched_at) values
        ('2025-01-10', 49, 'Neutral', 'alternative.me', '2025-01-11T08:00:00Z'),
        ('2025-01-09', 69, 'Greed', 'alternative.me', '2025-01-11T08:00:00Z'),
        ('2025-01-03', 73, 'Greed', 'alternative.me', '2025-01-11T08:00:00Z')`);
    const { body } = await get<FearGreedSummary>('/api/v1/fear-greed?range=30d');
    expect(body.data.latest).toMatchObject({ day: '2025-01-10', value: 49, class: 'neutral', demo: false });
    expect(body.data.provenance).toEqual({
      source: 'alternative.me',
      demo: false,
      url: 'https://alternative.me/crypto/fear-and-greed-index/',
      fetchedAt: '2025-01-11T08:00:00.000Z',
    });
    expect(body.data.before).toEqual({
      day: { day: '2025-01-09', value: 69, class: 'greed' },
      week: { day: '2025-01-03', value: 73, class: 'greed' },
      month: null,
    });
    const days = (await get<FearGreedDaysPage>('/api/v1/fear-greed/days?range=all')).body.data;
    expect(days.list.map((d) => [d.day, d.change, d.demo])).toEqual([
      ['2025-01-10', -20, false],
      ['2025-01-09', -4, false],
      ['2025-01-03', null, false],
    ]);
  });

  it('answers an empty index with no latest value and no days', async () => {
    await db().execute(sql`delete from fear_greed`);
    const { status, body } = await get<FearGreedSummary>('/api/v1/fear-greed');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ latest: null, history: [], before: { day: null, week: null, month: null } });
    const days = (await get<FearGreedDaysPage>('/api/v1/fear-greed/days')).body.data;
    expect(days).toMatchObject({ list: [], total: 0 });
  });
});
