import { describe, expect, it } from 'vitest';
import { groupBy, groupByCategory, groupByInitial, initialOf, normaliseFilter } from './knowledge.server.ts';
import { articlePath } from './topics.server.ts';

describe('normaliseFilter', () => {
  it('trims, collapses spaces and drops empty filters', () => {
    expect(normaliseFilter('  proof   of  stake ')).toBe('proof of stake');
    expect(normaliseFilter('   ')).toBeUndefined();
    expect(normaliseFilter(null)).toBeUndefined();
  });

  it('caps the length', () => {
    expect(normaliseFilter('x'.repeat(200))).toHaveLength(60);
  });
});

describe('grouping', () => {
  it('groups in first-seen order', () => {
    expect(groupBy(['ab', 'ac', 'b', 'ad'], (s) => s[0]!)).toEqual([
      ['a', ['ab', 'ac', 'ad']],
      ['b', ['b']],
    ]);
  });

  it('puts entries under the first letter of their slug, others under # at the end', () => {
    expect(initialOf('layer-2')).toBe('L');
    expect(initialOf('0x-protocol')).toBe('#');
    const groups = groupByInitial([{ slug: 'staking' }, { slug: '1inch' }, { slug: 'amm' }, { slug: 'airdrop' }]);
    expect(groups.map(([k, list]) => [k, list.map((e) => e.slug)])).toEqual([
      ['A', ['airdrop', 'amm']],
      ['S', ['staking']],
      ['#', ['1inch']],
    ]);
  });

  it('orders categories as given, unknown ones after and uncategorised last', () => {
    const entries = [
      { title: 'Zeta', category: 'defi' },
      { title: 'Alpha', category: null },
      { title: 'Beta', category: 'basics' },
      { title: 'Eta', category: 'misc' },
      { title: 'Delta', category: 'defi' },
    ];
    const groups = groupByCategory(entries, ['basics', 'defi']);
    expect(groups.map(([k, list]) => [k, list.map((e) => e.title)])).toEqual([
      ['basics', ['Beta']],
      ['defi', ['Delta', 'Zeta']],
      ['misc', ['Eta']],
      ['', ['Alpha']],
    ]);
  });
});

describe('articlePath', () => {
  it('links news and research to their own routes', () => {
    expect(articlePath('news', 12)).toBe('/news/12');
    expect(articlePath('research', 3)).toBe('/research/3');
  });
});
