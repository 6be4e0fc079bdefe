import { describe, expect, it } from 'vitest';
import { usdAmount } from './amounts.ts';

describe('money amounts in generated text', () => {
  it.each([
    [22_000_000, '2200万美元', '$22 million'],
    [40_000_000, '4000万美元', '$40 million'],
    [120_000_000, '1.2亿美元', '$120 million'],
    [1_500_000_000, '15亿美元', '$1.5 billion'],
    [5_000_000, '500万美元', '$5 million'],
    [2_050_000_000, '20.5亿美元', '$2.05 billion'],
  ])('writes %d the way a reader of each language counts', (usd, zh, en) => {
    expect(usdAmount(usd, 'zh')).toBe(zh);
    expect(usdAmount(usd, 'en')).toBe(en);
  });
});
