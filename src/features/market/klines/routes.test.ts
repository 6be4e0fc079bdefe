import { describe, expect, it } from 'vitest';
import { markerWindow, NEWS_MARKER_DEFAULT_WINDOW_MS, NEWS_MARKER_MAX_WINDOW_MS } from './newsMarkers.server.ts';
import { newsMarkerQuery } from './routes.ts';

describe('newsMarkerQuery', () => {
  it('reads a coin, Unix-millisecond or ISO instants and a limit', () => {
    expect(
      newsMarkerQuery.parse({
        coin: 'bitcoin',
        from: '1700000000000',
        to: '2024-01-10T08:00:00Z',
        limit: '20',
      }),
    ).toEqual({
      coin: 'bitcoin',
      from: 1_700_000_000_000,
      to: Date.UTC(2024, 0, 10, 8),
      limit: 20,
    });
    expect(newsMarkerQuery.parse({ coin: 'bitcoin' })).toEqual({
      coin: 'bitcoin',
      limit: 100,
    });
  });

  it('refuses what it cannot bound', () => {
    for (const q of [
      {},
      { coin: '' },
      { coin: '../x' },
      { coin: 'bitcoin', limit: '0' },
      { coin: 'bitcoin', limit: '201' },
      { coin: 'bitcoin', limit: 'x' },
      { coin: 'bitcoin', from: 'soon' },
      { coin: 'bitcoin', to: '99999999999999999' },
    ]) {
      expect(newsMarkerQuery.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
  });
});

describe('markerWindow', () => {
  const now = Date.UTC(2026, 10, 20);
  it('defaults to the last 30 days', () => {
    expect(markerWindow({}, now)).toEqual({
      from: now - NEWS_MARKER_DEFAULT_WINDOW_MS,
      to: now,
    });
  });
  it('clamps a long window to its end and refuses a reversed one', () => {
    expect(markerWindow({ from: 0, to: now }, now)).toEqual({
      from: now - NEWS_MARKER_MAX_WINDOW_MS,
      to: now,
    });
    expect(() => markerWindow({ from: now, to: now - 1 }, now)).toThrow();
  });
});
