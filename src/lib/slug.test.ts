import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Layer 1 (L1)', 'layer-1-l1'],
    ['Proof of Work (PoW)', 'proof-of-work-pow'],
    ['Café Token', 'cafe-token'],
    ['  --Decentralized  Finance (DeFi)--  ', 'decentralized-finance-defi'],
    ['智能合约', ''],
  ])('%s → %s', (name, slug) => expect(slugify(name)).toBe(slug));
});
