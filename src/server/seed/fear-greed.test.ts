import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NOW } from '../../../tests/setup/constants.ts';
import { openTestDb } from '../../../tests/setup/db.ts';
import { classOfValue, CLASS_WORDS } from '../../features/market/sentiment/index.ts';
import type { DbHandle } from '../db/client.ts';
import { demoFearGreed, seedFearGreed } from './fear-greed.ts';

describe('the demo Fear & Greed year', () => {
  it('is a year of days up to the clock’s day, each value in 0–100 with its class', () => {
    const rows = demoFearGreed(SEED_NOW);
    expect(rows).toHaveLength(365);
    expect(rows.at(-1)!.day).toBe('2026-11-20');
    expect(rows[0]!.day).toBe('2025-11-21');
    for (const r of rows) {
      expect(r.value).toBeGreaterThanOrEqual(0);
      expect(r.value).toBeLessThanOrEqual(100);
      expect(r.classification).toBe(CLASS_WORDS[classOfValue(r.value)]);
      expect(r.source).toBe('demo');
    }
  });

  it('moves like the real index: every class, a few points a day, slow swings', () => {
    const values = demoFearGreed(SEED_NOW).map((r) => r.value);
    expect(new Set(values.map(classOfValue)).size).toBe(5);
    const steps = values.slice(1).map((v, i) => Math.abs(v - values[i]!));
    const mean = steps.reduce((a, b) => a + b, 0) / steps.length;
    expect(mean).toBeGreaterThan(2);
    expect(mean).toBeLessThan(8);
  });

  it('is the same for the same clock, and the same values on other days for another clock', () => {
    expect(demoFearGreed(SEED_NOW)).toEqual(demoFearGreed(new Date(SEED_NOW)));
    const later = demoFearGreed(new Date(SEED_NOW.getTime() + 3 * 86_400_000 + 5 * 3_600_000));
    expect(later.at(-1)!.day).toBe('2026-11-23');
    expect(later.map((r) => r.value)).toEqual(demoFearGreed(SEED_NOW).map((r) => r.value));
  });
});

describe('seeding the Fear & Greed index', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb();
  });
  afterAll(async () => {
    await handle.close();
  });
  const count = async (where = sql`true`) =>
    (
      (await handle.db.execute(sql`select count(*)::int as n from fear_greed where ${where}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;

  it('replaces the demo year', async () => {
    expect(await count(sql`source = 'demo'`)).toBe(365);
    expect(await seedFearGreed(handle.db, new Date(SEED_NOW.getTime() + 86_400_000))).toBe(365);
    expect(await count()).toBe(365);
    expect(await count(sql`day = '2026-11-21'`)).toBe(1);
  });

  it('leaves the real index alone', async () => {
    await handle.db.execute(sql`delete from fear_greed`);
    await handle.db.execute(
      sql`insert into fear_greed (day, value, classification, source) values ('2026-11-19', 44, 'Fear', 'alternative.me')`,
    );
    expect(await seedFearGreed(handle.db, SEED_NOW)).toBe(0);
    expect(await count()).toBe(1);
  });
});
