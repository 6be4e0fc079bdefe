import { describe, expect, it } from 'vitest';
import * as format from './index';

describe('index re-exports', () => {
  it.each([
    'LOCALES',
    'CURRENCY_SYMBOLS',
    'formatNumber',
    'formatPrice',
    'formatPercent',
    'trend',
    'truncate',
    'CONTRACT_TYPES',
    'isContractType',
    'parsePair',
    'formatPair',
  ])('%s', (name) => {
    expect(format).toHaveProperty(name);
  });

  it('LOCALES is exactly en, zh, zh-hk, ko', () => {
    expect(format.LOCALES).toEqual(['en', 'zh', 'zh-hk', 'ko']);
  });

  it('leaves dates to ./time and ./relative, which load dayjs', () => {
    expect(format).not.toHaveProperty('formatDate');
    expect(format).not.toHaveProperty('formatRelativeTime');
  });

  it('does not expose the internal decimal helpers', () => {
    expect(format).not.toHaveProperty('toNumber');
    expect(format).not.toHaveProperty('roundDigits');
  });
});
