import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAY_MS, dayStart, signature, verifySignature } from './signature.ts';

const expected = (day: number, salt: string) =>
  createHash('sha256').update(`${day}:${salt}`).digest('hex').slice(0, 16);

describe('signature', () => {
  const now = Date.UTC(2026, 10, 22, 15, 30);
  const day = Date.UTC(2026, 10, 22);

  it('rounds down to the UTC day', () => {
    expect(dayStart(now)).toBe(day);
    expect(dayStart(day)).toBe(day);
    expect(dayStart(day - 1)).toBe(day - DAY_MS);
  });

  it('is the first 16 hex chars of sha256(day:salt)', async () => {
    expect(await signature(now, 'coinlens')).toBe(expected(day, 'coinlens'));
    expect(await signature(now, 'other')).toBe(expected(day, 'other'));
    expect(await signature(now, 'coinlens')).toMatch(/^[0-9a-f]{16}$/);
  });

  it.each([
    ['yesterday', day - DAY_MS, true],
    ['today', day, true],
    ['tomorrow', day + DAY_MS, true],
    ['two days ago', day - 2 * DAY_MS, false],
    ['two days ahead', day + 2 * DAY_MS, false],
  ])('accepts the signature of %s: %s', async (_name, signedDay, ok) => {
    expect(await verifySignature(expected(signedDay, 'coinlens'), now, 'coinlens')).toBe(ok);
  });

  it.each([[undefined], [null], [''], ['XYZ'], ['0123456789abcdef0'], [expected(day, 'coinlens').toUpperCase()]])(
    'rejects malformed %s',
    async (t) => {
      expect(await verifySignature(t, now, 'coinlens')).toBe(false);
    },
  );

  it('rejects a signature made with another salt', async () => {
    expect(await verifySignature(expected(day, 'x'), now, 'coinlens')).toBe(false);
  });
});

describe('plain-JS sha256 fallback', () => {
  it.each(['', 'abc', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), '1700000000000:coinlens', '中文 ключ 🔑'])(
    'matches node:crypto for %j',
    async (text) => {
      const { sha256Hex } = await import('./sha256.ts');
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    },
  );
});
