import { describe, expect, it } from 'vitest';
import { createTranslator, DICT_LOCALE_KEY, formatCount, pluralCategories, pluralCategory } from './index.ts';

describe('plural forms for islands', () => {
  const en = { [DICT_LOCALE_KEY]: 'en', n_one: '{{count}} review', n_other: '{{count}} reviews', plain: 'Hi {{name}}' };
  const ko = { [DICT_LOCALE_KEY]: 'ko', n_other: '리뷰 {{count}}개' };

  it('takes the form of the dictionary’s language, and shows the count grouped', () => {
    const t = createTranslator(en);
    expect([t('n', { count: 1 }), t('n', { count: 0 }), t('n', { count: 2 }), t('n', { count: 12345 })]).toEqual([
      '1 review',
      '0 reviews',
      '2 reviews',
      '12,345 reviews',
    ]);
    expect(createTranslator(ko)('n', { count: 1 })).toBe('리뷰 1개');
  });

  it('falls back to the other form, then to the key; a count given as text picks no form', () => {
    expect(createTranslator({ n_other: '{{count}} x' }, 'en')('n', { count: 1 })).toBe('1 x');
    expect(createTranslator(en)('missing', { count: 1 })).toBe('missing');
    expect(createTranslator(en)('plain', { name: 'Ann' })).toBe('Hi Ann');
  });

  it('knows each language’s categories from ICU', () => {
    expect(pluralCategories('en').sort()).toEqual(['one', 'other']);
    for (const l of ['zh', 'zh-hk', 'ko']) expect(pluralCategories(l)).toEqual(['other']);
    expect([pluralCategory('en', 1), pluralCategory('en', 1.5), pluralCategory('ko', 1)]).toEqual([
      'one',
      'other',
      'other',
    ]);
    expect(formatCount(1234567.891)).toBe('1,234,567.89');
  });
});
