import { describe, expect, it } from 'vitest';
import {
  base64UrlBytes,
  filterExchanges,
  isIid,
  newIid,
  sameKey,
  storedIid,
  keepIid,
  forgetIid,
  subscriptionChanges,
  withExchange,
} from './pushDevice.ts';
import { installCookieJar } from '../../tests/setup/cookieJar.ts';

describe('device id (msgToken)', () => {
  it('is 22 base64url characters the server accepts, different each time', () => {
    const a = newIid();
    const b = newIid();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(isIid(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(newIid(() => new Uint8Array(16).fill(255))).toBe('_____________________w');
  });

  it('lives one day in the msgToken cookie, is read back, and is forgotten', () => {
    const { jar, uninstall } = installCookieJar();
    try {
      expect(storedIid()).toBeUndefined();
      keepIid('abcdefgh12');
      const days = (Date.parse(String(jar.get('msgToken')!.attributes.expires)) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(0.99);
      expect(days).toBeLessThanOrEqual(1);
      expect(storedIid()).toBe('abcdefgh12');
      forgetIid();
      expect(storedIid()).toBeUndefined();
    } finally {
      uninstall();
    }
  });

  it('ignores a stored value the server would refuse', () => {
    const { jar, uninstall } = installCookieJar();
    try {
      for (const value of ['short', 'has%20space%20inside']) {
        jar.set('msgToken', { value, attributes: {} });
        expect(storedIid()).toBeUndefined();
      }
    } finally {
      uninstall();
    }
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
