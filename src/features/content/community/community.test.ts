import { describe, expect, it } from 'vitest';
import { contentLanguage, excerpt, parseContentId, profileUrl } from './community.server.ts';
import { orderAnswers, questionHeat } from './questions.server.ts';

describe('orderAnswers', () => {
  const a = (id: number, votes: number, accepted = false, createdAt = '2026-11-01T00:00:00Z') => ({
    id,
    votes,
    accepted,
    createdAt,
  });

  it('puts the accepted answer first, whatever its votes', () => {
    expect(orderAnswers([a(1, 50), a(2, 1, true), a(3, 20)]).map((x) => x.id)).toEqual([2, 1, 3]);
  });

  it('orders the rest by votes, then the earlier answer, then id', () => {
    const list = [
      a(4, 5, false, '2026-11-03T00:00:00Z'),
      a(2, 5, false, '2026-11-02T00:00:00Z'),
      a(3, 9),
      a(1, 5, false, '2026-11-02T00:00:00Z'),
    ];
    expect(orderAnswers(list).map((x) => x.id)).toEqual([3, 1, 2, 4]);
  });

  it('accepts Date times and leaves its input alone', () => {
    const list = [a(1, 0), { id: 2, votes: 0, accepted: false, createdAt: new Date('2026-10-01T00:00:00Z') }];
    expect(orderAnswers(list).map((x) => x.id)).toEqual([2, 1]);
    expect(list.map((x) => x.id)).toEqual([1, 2]);
    expect(orderAnswers([])).toEqual([]);
  });
});

describe('questionHeat', () => {
  const base = { views: 1000, answers: 3, votes: 20, ageHours: 24 };

  it('matches its formula', () => {
    expect(questionHeat(base)).toBeCloseTo((10 + 6 + 2) / 3 ** 1.2, 10);
  });

  it('rises with views, answers and votes and falls with age', () => {
    expect(questionHeat({ ...base, views: 2000 })).toBeGreaterThan(questionHeat(base));
    expect(questionHeat({ ...base, answers: 4 })).toBeGreaterThan(questionHeat(base));
    expect(questionHeat({ ...base, votes: 40 })).toBeGreaterThan(questionHeat(base));
    expect(questionHeat({ ...base, ageHours: 240 })).toBeLessThan(questionHeat(base));
  });

  it('treats a time in the future as brand new', () => {
    expect(questionHeat({ ...base, ageHours: -5 })).toBe(questionHeat({ ...base, ageHours: 0 }));
  });
});

describe('parseContentId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('reads %s', (raw, id) => expect(parseContentId(raw)).toBe(id));

  it.each(['', '0', '-1', '01', '1.5', '1e3', '0x2a', 'abc', '2147483648', '99999999999'])('refuses %j', (raw) => {
    expect(parseContentId(raw)).toBeUndefined();
  });
  it('refuses a missing segment', () => expect(parseContentId(undefined)).toBeUndefined());
});

describe('excerpt', () => {
  it('keeps short text, flattening whitespace', () => {
    expect(excerpt('  Hello\n\nworld  ')).toBe('Hello world');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    expect(excerpt('Hello world, again and again', 14)).toBe('Hello world…');
  });

  it('cuts Chinese text without spaces at the limit or a comma', () => {
    expect(excerpt('一二三四五六七八九十', 5)).toBe('一二三四五…');
    expect(excerpt('一二三四五，六七八九十', 8)).toBe('一二三四五…');
  });
});

describe('contentLanguage and profileUrl', () => {
  it('lists Chinese content for zh and zh-hk, English otherwise', () => {
    expect([contentLanguage('zh'), contentLanguage('zh-hk'), contentLanguage('en'), contentLanguage('ko')]).toEqual([
      'zh',
      'zh',
      'en',
      'en',
    ]);
  });

  it('links the account pages of both platforms', () => {
    expect(profileUrl('twitter', 'solana')).toBe('https://x.com/solana');
    expect(profileUrl('weibo', '2000104729')).toBe('https://weibo.com/u/2000104729');
  });
});
