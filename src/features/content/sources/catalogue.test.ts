import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ContentSource, parseCatalogue } from './catalogue.ts';

const FILE = path.resolve(import.meta.dirname, '../../../../config/content-sources.json');
const real = () => JSON.parse(readFileSync(FILE, 'utf8')) as { sources: Record<string, unknown>[] };

const source = (over: Record<string, unknown> = {}) => ({
  id: 'chain-ledger',
  name: 'Chain Ledger',
  kind: 'news',
  locales: ['en'],
  url: 'https://chainledger.example/feed',
  homepage: 'https://chainledger.example',
  licence: 'Headlines linked to the original.',
  ...over,
});
const refusal = (sources: unknown[]) => {
  try {
    parseCatalogue({ sources }, 'test.json');
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('parseCatalogue', () => {
  const sources = parseCatalogue(real(), 'config/content-sources.json');
  /** Outlets (by homepage host) with news or flash news in a locale. */
  const outlets = (locale: string) =>
    new Set(
      sources
        .filter((s) => s.locales.includes(locale as ContentSource['locales'][number]))
        .filter((s) => s.kind === 'news' || s.kind === 'lives')
        .map((s) => new URL(s.homepage).hostname.replace(/^www\./, '')),
    );

  it('accepts the real catalogue, every id once, with defaults filled in', () => {
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources.map((s) => s.id)).size).toBe(sources.length);
    for (const s of sources) {
      // Announcement adapters are the exchanges' own (tested in src/server/ingest/content/adapters.test.ts).
      if (s.kind !== 'announcements') expect(s.adapter).toMatch(/^(feed|blockbeats)$/);
      else expect(s.adapter).toMatch(/-(announcements|status)$/);
      expect(s.everyMinutes).toBeGreaterThan(0);
      expect(s.url).toMatch(/^https:\/\//);
    }
  });

  it('covers English, Simplified Chinese and Korean news from several outlets each', () => {
    expect(outlets('en').size).toBeGreaterThanOrEqual(3);
    expect(outlets('zh').size).toBeGreaterThanOrEqual(3);
    expect(outlets('ko').size).toBeGreaterThanOrEqual(2);
  });

  it('refuses a repeated id, naming the field', () => {
    expect(refusal([source(), source({ name: 'Again' })])).toBe('test.json: sources.1.id: repeats "chain-ledger"');
  });

  it('refuses a URL that is not http(s)', () => {
    expect(refusal([source({ url: 'ftp://chainledger.example/feed' })])).toBe(
      'test.json: sources.0.url: must be an http(s) URL',
    );
    expect(refusal([source({ homepage: 'javascript:alert(1)' })])).toMatch(/^test\.json: sources\.0\.homepage: /);
  });

  it('refuses a feed with two languages, but not an API asked in two', () => {
    expect(refusal([source({ locales: ['en', 'zh'] })])).toBe('test.json: sources.0.locales: a feed has one language');
    expect(refusal([source({ locales: ['en', 'zh'], adapter: 'blockbeats' })])).toBe('accepted');
  });

  it('refuses an unknown kind and a locale we do not serve', () => {
    expect(refusal([source({ kind: 'podcasts' })])).toMatch(/^test\.json: sources\.0\.kind: Invalid enum value/);
    expect(refusal([source({ locales: ['ja'] })])).toMatch(/^test\.json: sources\.0\.locales\.0: Invalid enum value/);
  });
});
