import { describe, expect, it } from 'vitest';
import { slugify } from '../../../../lib/slug.ts';
import { EXCHANGE_SEEDS } from '../../../seed/data/exchanges-data.ts';
import { CONTENT_LOCALES } from '../item.ts';
import { ANNOUNCEMENT_ADAPTERS, announcementHttp } from './index.ts';

describe('ANNOUNCEMENT_ADAPTERS', () => {
  it('has at least five sources, each for an exchange we have, with unique ids', () => {
    // The seeder names an exchange by its display name, slugified ("Coinbase Exchange" → coinbase-exchange).
    const seeded = new Set(EXCHANGE_SEEDS.map((s) => slugify(s.displayName)));
    expect(ANNOUNCEMENT_ADAPTERS.length).toBeGreaterThanOrEqual(5);
    for (const a of ANNOUNCEMENT_ADAPTERS) expect(seeded, a.id).toContain(a.exchange);
    const ids = ANNOUNCEMENT_ADAPTERS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['okx-announcements', 'bybit-announcements']));
  });

  it('each names its locales, an https base URL, a licence sentence and a budget', () => {
    for (const a of ANNOUNCEMENT_ADAPTERS) {
      expect(a.locales.length, a.id).toBeGreaterThan(0);
      for (const l of a.locales) expect(CONTENT_LOCALES).toContain(l);
      expect(new URL(a.defaultBaseUrl).protocol).toBe('https:');
      expect(a.name).toMatch(/\S/);
      expect(a.licence).toMatch(/^[A-Z].+\.$/);
      expect(a.licence.split(/\.\s/)).toHaveLength(1);
      expect(a.budget.limit).toBeGreaterThan(0);
      expect(a.budget.windowMs).toBeGreaterThan(0);
    }
  });

  it('announcementHttp names the source and keeps its budget', () => {
    const okx = ANNOUNCEMENT_ADAPTERS.find((a) => a.id === 'okx-announcements')!;
    const state = announcementHttp(okx).state();
    expect(state).toMatchObject({ name: 'okx-announcements', status: 'idle', budget: { limit: 2, windowMs: 2000 } });
  });
});
