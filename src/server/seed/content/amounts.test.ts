import { describe, expect, it } from 'vitest';
import { enQuantity, usdAmount, zhQuantity } from './amounts.ts';

describe('money amounts in generated text', () => {
  it.each([
    [22_000_000, '2200万美元', '$22 million'],
    [40_000_000, '4000万美元', '$40 million'],
    [120_000_000, '1.2亿美元', '$120 million'],
    [1_500_000_000, '15亿美元', '$1.5 billion'],
    [5_000_000, '500万美元', '$5 million'],
    [2_050_000_000, '20.5亿美元', '$2.05 billion'],
    [1_200_000_000, '12亿美元', '$1.2 billion'],
    [6_000_000_000, '60亿美元', '$6 billion'],
    [850_000, '85万美元', '$850,000'],
  ])('writes %d the way a reader of each language counts', (usd, zh, en) => {
    expect(usdAmount(usd, 'zh')).toBe(zh);
    expect(usdAmount(usd, 'en')).toBe(en);
  });
});

describe('token counts in generated text', () => {
  it('are grouped, and in words from a million up ("1.2 billion USDT", never "1200 million")', () => {
    expect([enQuantity(3420), enQuantity(1_200_000_000), enQuantity(15_000_000), enQuantity(999_999)]).toEqual([
      '3,420',
      '1.2 billion',
      '15 million',
      '999,999',
    ]);
    expect([zhQuantity(50_000_000), zhQuantity(3420)]).toEqual(['5000万', '3,420']);
  });
});
