import { describe, expect, it } from 'vitest';
import { truncate } from './text';

describe('truncate', () => {
  it.each([
    ['hello', 10, 'hello'],
    ['hello', 5, 'hello'],
    ['hello!', 5, 'hell…'],
    ['Bitcoin halving', 8, 'Bitcoin…'],
    ['', 3, ''],
    ['a', 1, 'a'],
    ['abc', 1, '…'],
    ['abc', 2, 'a…'],
    ['abc', 0, ''],
    ['abc', -1, ''],
    ['abcdef', 4.9, 'abc…'],
    ['abc', Number.NaN, ''],
    ['abc', Number.POSITIVE_INFINITY, 'abc'],
    // CJK: one code point per character
    ['比特币减半', 5, '比特币减半'],
    ['比特币减半', 4, '比特币…'],
    ['비트코인 반감기', 4, '비트코…'],
    // astral emoji: two UTF-16 units, one code point
    ['🚀🚀', 2, '🚀🚀'],
    ['🚀🚀🚀', 2, '🚀…'],
    ['🚀🚀🚀', 3, '🚀🚀🚀'],
    ['比特币🚀减半', 6, '比特币🚀减半'],
    ['比特币🚀减半', 5, '比特币🚀…'],
    ['比特币🚀减半', 4, '比特币…'],
    ['🚀比特币', 2, '🚀…'],
    ['𠮷野家', 2, '𠮷…'],
  ])('%j max %s → %j', (text, max, expected) => {
    const out = truncate(text, max);
    expect(out).toBe(expected);
    // never splits a surrogate pair and never exceeds max code points
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(out)).toBe(false);
    if (Number.isFinite(max)) expect(Array.from(out).length).toBeLessThanOrEqual(Math.max(0, Math.floor(max)));
  });
});
