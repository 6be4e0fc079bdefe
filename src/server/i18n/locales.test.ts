import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../lib/i18n/index.ts';
import { duplicateKeys, islandDict, resources, translator } from './index.ts';

function flatten(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  return Object.entries(node as Record<string, unknown>).reduce(
    (acc, [k, v]) => Object.assign(acc, flatten(v, prefix ? `${prefix}.${k}` : k)),
    {} as Record<string, string>,
  );
}

const en = flatten(resources.en);
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe.each(LOCALES.filter((l) => l !== 'en'))('locale %s', (locale) => {
  const dict = flatten(resources[locale]);

  it('has exactly the keys of en', () => {
    expect(Object.keys(dict).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps every placeholder of en', () => {
    for (const [key, value] of Object.entries(en)) expect([key, placeholders(dict[key] ?? '')]).toEqual([key, placeholders(value)]);
  });

  it('is translated (CJK or Hangul in the long strings)', () => {
    const script = locale === 'ko' ? /[\uac00-\ud7af]/ : /[\u4e00-\u9fff]/;
    const long = Object.entries(dict).filter(([k]) => en[k]!.split(' ').length >= 3);
    const untranslated = long.filter(([, v]) => !script.test(v)).map(([k]) => k);
    expect(untranslated).toEqual([]);
  });
});

describe('area locale files', () => {
  it('define each top-level key once per locale', () => {
    expect(duplicateKeys).toEqual([]);
  });
});

describe('translator', () => {
  it('keeps concurrent locales apart (one fixed translator per request)', async () => {
    const results = await Promise.all(
      LOCALES.map(async (l) => {
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        return [l, translator(l)('error.backHome')] as const;
      }),
    );
    for (const [l, text] of results) expect(text).toBe(flatten(resources[l])['error.backHome']);
  });

  it('does not fold zh-hk into zh', () => {
    expect(translator('zh-hk')('home.totalVolume')).toBe(flatten(resources['zh-hk'])['home.totalVolume']);
  });
});

describe('translate', () => {
  const t = translator('en');
  it('fills {{name}} placeholders, spaced or not, and keeps one without a value visible', () => {
    const key = Object.entries(en).find(([, v]) => /\{\{\s*\w+\s*\}\}/.test(v))![0];
    const names = placeholders(en[key]!);
    const vars = Object.fromEntries(names.map((n, i) => [n, `V${i}`]));
    const filled = t(key, vars);
    for (const [, v] of Object.entries(vars)) expect(filled).toContain(v);
    expect(filled).not.toContain('{{');
    expect(t(key)).toContain(`{{${names[0]}}}`);
  });

  it('answers a missing key with defaultValue, else the key itself', () => {
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(translator('zh')('no.such.key', { defaultValue: 'x' })).toBe('x');
  });

  it('hands islands a flat dictionary of whole subtrees, the same object every time', () => {
    const dict = islandDict('zh', 'search');
    expect(Object.keys(dict).length).toBeGreaterThan(3);
    expect(Object.keys(dict).every((k) => k.startsWith('search.'))).toBe(true);
    expect(dict['search.placeholder']).toBe(flatten(resources.zh)['search.placeholder']);
    expect(islandDict('zh', 'search')).toBe(dict);
  });
});
