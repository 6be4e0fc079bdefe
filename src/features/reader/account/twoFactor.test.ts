import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCode, normaliseCode, seal, totpStep, unseal } from './twoFactor.server.ts';

const secret = new Secret({ size: 20 }).base32;
/** 2026-11-29 12:00:10 UTC: ten seconds into a step. */
const NOW = Date.UTC(2026, 10, 29, 12, 0, 10);
const step = Math.floor(NOW / 30_000);
const codeAt = (ms: number, s = secret) =>
  new TOTP({ secret: Secret.fromBase32(s), digits: 6, period: 30 }).generate({ timestamp: ms });

describe('totpStep', () => {
  it('accepts the code of this step and of one step either side (a phone clock 30 s off)', () => {
    expect(totpStep(secret, codeAt(NOW), NOW, null)).toBe(step);
    expect(totpStep(secret, codeAt(NOW - 30_000), NOW, null)).toBe(step - 1);
    expect(totpStep(secret, codeAt(NOW + 30_000), NOW, null)).toBe(step + 1);
  });

  it('refuses codes two steps away, of another secret, or not six digits', () => {
    expect(totpStep(secret, codeAt(NOW - 60_000), NOW, null)).toBeNull();
    expect(totpStep(secret, codeAt(NOW + 60_000), NOW, null)).toBeNull();
    expect(totpStep(secret, codeAt(NOW, new Secret({ size: 20 }).base32), NOW, null)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ` ${codeAt(NOW)}`])
      expect(totpStep(secret, bad, NOW, null)).toBeNull();
  });

  it('takes a code once: not again within its 30 seconds, nor an older one after a newer', () => {
    const used = totpStep(secret, codeAt(NOW), NOW, null)!;
    expect(totpStep(secret, codeAt(NOW), NOW + 5_000, used)).toBeNull();
    expect(totpStep(secret, codeAt(NOW - 30_000), NOW, used)).toBeNull();
    expect(totpStep(secret, codeAt(NOW + 30_000), NOW + 30_000, used)).toBe(used + 1);
  });
});

describe('codes as typed', () => {
  it('reads the app’s six digits and recovery codes with spaces, dashes or capitals', () => {
    expect(normaliseCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(normaliseCode('ABCDE-FGH23')).toEqual({ kind: 'recovery', code: 'abcdefgh23' });
    for (const bad of ['', '12345', 'abcde-fgh2', 'abcde-fgh0l', 'x'.repeat(100), 42, null, undefined])
      expect(normaliseCode(bad)).toBeNull();
  });

  it('makes recovery codes of about 50 bits that read back as recovery codes', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    expect(new Set(codes).size).toBe(200);
    for (const c of codes) {
      expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(normaliseCode(c)?.kind).toBe('recovery');
    }
  });
});

describe('the stored secret', () => {
  it('is encrypted with a fresh IV each time and opens only with its key, for its account, unaltered', () => {
    const key = randomBytes(32);
    const a = seal(key, secret, '7');
    const b = seal(key, secret, '7');
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(unseal(key, a, '7')).toBe(secret);
    expect(() => unseal(randomBytes(32), a, '7')).toThrow();
    // Copied onto another account's row, it does not open.
    expect(() => unseal(key, a, '8')).toThrow();
    const [v, iv, tag, body] = a.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => unseal(key, [v, iv, tag, flipped.toString('base64url')].join('.'), '7')).toThrow();
    // A shortened tag is refused, not checked on fewer bytes.
    expect(() => unseal(key, [v, iv, tag!.slice(0, 6), body].join('.'), '7')).toThrow();
    expect(() => unseal(key, 'plain', '7')).toThrow();
  });
});
