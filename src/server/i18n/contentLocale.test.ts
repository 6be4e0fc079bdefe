import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/i18n/index.ts';
import { contentLocales, pageLocalesFor, primaryContentLocale } from './contentLocale.ts';

describe('content locales', () => {
  it('shows a page its own language first, then what its readers also read', () => {
    expect(contentLocales('en')).toEqual(['en']);
    expect(contentLocales('zh')).toEqual(['zh', 'zh-hk']);
    expect(contentLocales('zh-hk')).toEqual(['zh-hk', 'zh']);
    expect(contentLocales('ko')).toEqual(['ko', 'en']);
  });

  it('always includes the primary content language', () => {
    for (const l of LOCALES) expect(contentLocales(l)).toContain(primaryContentLocale(l));
    expect(primaryContentLocale('zh-hk')).toBe('zh');
    expect(primaryContentLocale('ko')).toBe('en');
  });

  it('inverts to the pages that show a row', () => {
    expect(pageLocalesFor('en')).toEqual(['en', 'ko']);
    expect(pageLocalesFor('zh')).toEqual(['zh', 'zh-hk']);
    expect(pageLocalesFor('zh-hk')).toEqual(['zh', 'zh-hk']);
    expect(pageLocalesFor('ko')).toEqual(['ko']);
  });
});
