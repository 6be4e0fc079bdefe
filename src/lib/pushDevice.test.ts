import { describe, expect, it } from 'vitest';
import {
  base64UrlBytes,
  filterExchanges,
  iidFromCookies,
  isIid,
  msgTokenCookie,
  newIid,
  sameKey,
  subscriptionChanges,
  withExchange,
} from './pushDevice.ts';

describe('device id (msgToken)', () => {
  it('is 22 base64url characters the server accepts, different each time', () => {
    const a = newIid();
    const b = newIid();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(isIid(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(newIid(() => new Uint8Array(16).fill(255))).toBe('_____________________w');
  });

  it('lives one day in a Lax cookie on the whole site', () => {
    expect(msgTokenCookie('abcdefgh12', false)).toBe('msgToken=abcdefgh12; path=/; max-age=86400; samesite=lax');
    expect(msgTokenCookie('abcdefgh12', true)).toMatch(/; secure$/);
    expect(msgTokenCookie('', false, 0)).toBe('msgToken=; path=/; max-age=0; samesite=lax');
  });

  it('is read back from document.cookie, ignoring values the server would refuse', () => {
    expect(iidFromCookies('jwt=x.y.z; msgToken=abcdefgh12; theme=dark')).toBe('abcdefgh12');
    expect(iidFromCookies('msgToken=short')).toBeUndefined();
    expect(iidFromCookies('msgToken=has%20space%20inside')).toBeUndefined();
    expect(iidFromCookies('xmsgToken=abcdefgh12')).toBeUndefined();
    expect(iidFromCookies('')).toBeUndefined();
  });
});

describe('VAPID key', () => {
  it('turns base64url into bytes (with or without padding)', () => {
    expect([...base64UrlBytes('_-8')]).toEqual([255, 239]);
    expect([...base64UrlBytes('AQID')]).toEqual([1, 2, 3]);
    const key = Buffer.alloc(65, 7);
    key[0] = 4;
    expect(Buffer.from(base64UrlBytes(key.toString('base64url')))).toEqual(key);
  });

  it('tells whether a subscription was made with the current key', () => {
    const key = Buffer.from([4, 1, 2, 3]);
    const same = new Uint8Array([4, 1, 2, 3]).buffer;
    expect(sameKey(same, key.toString('base64url'))).toBe(true);
    expect(sameKey(new Uint8Array([4, 1, 2, 9]).buffer, key.toString('base64url'))).toBe(false);
    expect(sameKey(new Uint8Array([4, 1, 2]).buffer, key.toString('base64url'))).toBe(false);
    expect(sameKey(null, key.toString('base64url'))).toBe(false);
  });
});

describe('subscription lists', () => {
  it('switches one exchange on or off and keeps the others', () => {
    expect(withExchange(['binance', 'okx'], 'bybit', true)).toEqual(['binance', 'okx', 'bybit']);
    expect(withExchange(['binance', 'okx'], 'OKX', false)).toEqual(['binance']);
    expect(withExchange(['binance'], 'binance', true)).toEqual(['binance']);
    expect(withExchange([], 'okx', false)).toEqual([]);
  });

  it('reports what a save adds and removes', () => {
    expect(subscriptionChanges(['binance', 'okx'], ['okx', 'bybit'])).toEqual({
      added: ['bybit'],
      removed: ['binance'],
    });
    expect(subscriptionChanges(['Binance'], ['binance', 'binance'])).toEqual({ added: [], removed: [] });
    expect(subscriptionChanges([], [])).toEqual({ added: [], removed: [] });
  });

  it('filters exchanges by name or display name without case', () => {
    const list = [
      { name: 'binance', display_name: 'Binance' },
      { name: 'gate-io', display_name: 'Gate.io' },
    ];
    expect(filterExchanges(list, 'GATE')).toEqual([list[1]]);
    expect(filterExchanges(list, 'io')).toEqual([list[1]]);
    expect(filterExchanges(list, '  ')).toEqual(list);
  });
});
