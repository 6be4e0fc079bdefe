import { describe, expect, it } from 'vitest';
import { expectedVolume, volumeEstimate } from './exchanges.server.ts';
import { signUpUrl } from './accounts.server.ts';

describe('volumeEstimate (SPEC §9 expected volume, step by step)', () => {
  it('multiplies volume per visit by daily visits (monthly / 30) below the cap', () => {
    expect(volumeEstimate(10, 3_000_000, 5_000_000)).toEqual({
      perVisit: 10,
      dailyVisits: 100_000,
      uncapped: 1_000_000,
      expected: 1_000_000,
      capped: false,
    });
  });

  it('caps at the reported volume and says so', () => {
    const e = volumeEstimate(10, 3_000_000, 400_000)!;
    expect(e.uncapped).toBe(1_000_000);
    expect(e.expected).toBe(400_000);
    expect(e.capped).toBe(true);
  });

  it('is not capped when the estimate equals the reported volume exactly', () => {
    const e = volumeEstimate(10, 3_000_000, 1_000_000)!;
    expect(e.expected).toBe(1_000_000);
    expect(e.capped).toBe(false);
  });

  it('gives 0 when the reported volume is 0 (capped) and when the average is 0', () => {
    expect(volumeEstimate(10, 3_000_000, 0)).toMatchObject({ expected: 0, capped: true });
    expect(volumeEstimate(0, 3_000_000, 1_000)).toMatchObject({ expected: 0, capped: false });
  });

  it.each([
    ['no visits', 10, null, 1_000],
    ['zero visits', 10, 0, 1_000],
    ['negative visits', 10, -30, 1_000],
    ['no reported volume', 10, 3_000, null],
    ['non-finite reported volume', 10, 3_000, Number.NaN],
  ])('is null with %s', (_name, perVisit, visits, reported) => {
    expect(volumeEstimate(perVisit, visits, reported)).toBeNull();
    expect(expectedVolume(perVisit, visits, reported)).toBeNull();
  });

  it('agrees with expectedVolume', () => {
    for (const [p, v, r] of [
      [3.5, 90_000, 1e6],
      [1234.5, 42_000_000, 5e10],
      [1234.5, 42_000_000, 1e9],
    ] as const) {
      expect(expectedVolume(p, v, r)).toBe(volumeEstimate(p, v, r)!.expected);
    }
  });
});

describe('signUpUrl (the open-an-account links carry no tracking)', () => {
  it('drops referral and campaign parameters and keeps the rest', () => {
    expect(signUpUrl('https://x.example/join?ref=abc&lang=en&utm_source=coinlens&utm_medium=list')).toBe(
      'https://x.example/join?lang=en',
    );
    expect(signUpUrl('https://x.example/?inviteCode=Z9&gclid=1&fbclid=2&aff_id=7#signup')).toBe('https://x.example/');
    expect(signUpUrl('https://binance.example')).toBe('https://binance.example/');
  });

  it('links only to http(s) sites, without credentials', () => {
    expect(signUpUrl(null)).toBeNull();
    expect(signUpUrl('')).toBeNull();
    expect(signUpUrl('not a url')).toBeNull();
    expect(signUpUrl('javascript:alert(1)')).toBeNull();
    expect(signUpUrl('data:text/html,hi')).toBeNull();
    expect(signUpUrl('https://user:pw@x.example/')).toBeNull();
  });
});
