import { describe, expect, it } from 'vitest';
import { BAIKE_CATEGORIES } from '../../../features/content/knowledge/knowledge.server.ts';
import { GLOSSARY } from '../data/knowledge-glossary.ts';
import { PROJECTS } from '../data/knowledge-projects.ts';
import { TOPICS } from '../data/knowledge-topics.ts';

const cjk = /[\u4e00-\u9fff]/;

describe('knowledge seed data', () => {
  it('has about sixty glossary terms with unique slugs in known categories', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(60);
    expect(new Set(GLOSSARY.map((g) => g.slug)).size).toBe(GLOSSARY.length);
    for (const g of GLOSSARY) {
      expect(g.slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      expect(BAIKE_CATEGORIES).toContain(g.category);
    }
    for (const c of BAIKE_CATEGORIES) expect(GLOSSARY.some((g) => g.category === c)).toBe(true);
  });

  it('writes every term and project in English and Chinese', () => {
    for (const g of GLOSSARY) {
      for (const text of [g.zh.title + g.zh.summary, g.zh.detail, g.zh.why])
        expect([g.slug, cjk.test(text)]).toEqual([g.slug, true]);
      for (const text of [g.en.summary, g.en.detail, g.en.why])
        expect([g.slug, cjk.test(text)]).toEqual([g.slug, false]);
    }
    for (const p of PROJECTS) {
      for (const text of [p.zh.what, p.zh.tech, p.zh.token])
        expect([p.symbol, cjk.test(text)]).toEqual([p.symbol, true]);
      expect(p.launched).toBeGreaterThanOrEqual(2009);
    }
    expect(new Set(PROJECTS.map((p) => p.symbol)).size).toBe(PROJECTS.length);
  });

  it('gives each topic a title in both languages and keywords that match its theme', () => {
    expect(TOPICS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(TOPICS.map((t) => t.key)).size).toBe(TOPICS.length);
    const bitcoin = TOPICS.find((t) => t.key === 'bitcoin')!;
    expect(bitcoin.match.en.test('Bitcoin climbs 4% as spot volumes return')).toBe(true);
    expect(bitcoin.match.en.test('Ethereum developers publish roadmap')).toBe(false);
    expect(bitcoin.match.zh.test('比特币减半临近')).toBe(true);
    // Other coins' listings against BTC, and Bitcoin Cash, are not Bitcoin news.
    expect(
      bitcoin.match.en.test(
        'Kraken lists Jupiter (JUP) with USDT and BTC pairs Kraken opened JUP/USDT and JUP/BTC trading.',
      ),
    ).toBe(false);
    expect(bitcoin.match.en.test('Asset manager adds Bitcoin Cash exposure, filing shows')).toBe(false);
    expect(bitcoin.match.zh.test('MEXC 上线 VeChain（VET），开通 USDT 与 BTC 交易对')).toBe(false);
    expect(
      TOPICS.find((t) => t.key === 'ethereum')!.match.en.test('XRP developers publish network upgrade roadmap'),
    ).toBe(false);
    for (const t of TOPICS) expect(cjk.test(t.zh.title)).toBe(true);
  });
});
