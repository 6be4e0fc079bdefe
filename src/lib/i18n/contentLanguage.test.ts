import { describe, expect, it } from 'vitest';
import { contentLang, foreignLang, langTagHtml } from './contentLanguage.ts';

describe('content in another language than the page', () => {
  const t = (key: string) => `«${key}»`;

  it('names Chinese by its script, and needs a lang only when it differs from the page', () => {
    expect([contentLang('en'), contentLang('zh'), contentLang('zh-hk'), contentLang('ko')]).toEqual([
      'en',
      'zh-Hans',
      'zh-Hant-HK',
      'ko',
    ]);
    expect(foreignLang('en', 'ko')).toBe('en');
    expect(foreignLang('zh', 'zh-hk')).toBe('zh-Hans');
    expect(foreignLang('zh-hk', 'zh')).toBe('zh-Hant-HK');
    expect(foreignLang('zh', 'zh')).toBeUndefined();
    expect(foreignLang('en', 'en')).toBeUndefined();
  });

  it('shows a tag naming the language in the page’s words, titled with its full name', () => {
    expect(langTagHtml(t, 'en', 'ko')?.value).toBe(
      '<span class="badge lang-tag" title="«contentLanguage.title.en»" data-lang-tag="en">«contentLanguage.tag.en»</span>',
    );
    expect(langTagHtml(t, 'ko', 'ko')).toBeNull();
  });
});
