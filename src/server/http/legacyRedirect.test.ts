import { describe, expect, it } from 'vitest';
import { legacyRedirect, legacyTarget, redirectHome, type LegacyRoute } from './legacyRedirect.ts';

const q = (s = '') => new URLSearchParams(s);
const target = (route: LegacyRoute, path: string | undefined, search = '') => {
  const t = legacyTarget(route, path, q(search));
  return t.ok ? { kind: t.kind, key: t.key, to: t.path + t.search } : { kind: t.kind, reason: t.reason };
};

describe('legacyTarget', () => {
  it('maps each legacy route to today’s page', () => {
    expect(target('coindetails', 'bitcoin')).toEqual({ kind: 'coin', key: 'bitcoin', to: '/coin/bitcoin' });
    expect(target('coinContent', undefined, 'id=ethereum')).toEqual({
      kind: 'coin',
      key: 'ethereum',
      to: '/coin/ethereum/introduce',
    });
    expect(target('coinContent', undefined, 'coin=ethereum')).toEqual({
      kind: 'coin',
      key: 'ethereum',
      to: '/coin/ethereum/introduce',
    });
    expect(target('exchangedetails', 'binance')).toEqual({ kind: 'exchange', key: 'binance', to: '/exchange/binance' });
    expect(target('exchangeArticle', undefined, 'id=42')).toEqual({
      kind: 'announcement',
      key: '42',
      to: '/exchange/article/42',
    });
    expect(target('exchangeArticle', undefined, 'name=okx')).toEqual({
      kind: 'exchange',
      key: 'okx',
      to: '/announcements/okx',
    });
    expect(target('exchangeComment', undefined, 'name=gate.io')).toEqual({
      kind: 'exchange',
      key: 'gate.io',
      to: '/exchange/gate.io/comment',
    });
    expect(target('exchangeComment', undefined, 'exchange=kraken')).toEqual({
      kind: 'exchange',
      key: 'kraken',
      to: '/exchange/kraken/comment',
    });
    expect(target('exchangeContent', undefined, 'id=kraken')).toEqual({
      kind: 'exchange',
      key: 'kraken',
      to: '/exchange/kraken',
    });
    expect(target('ieoId', undefined, 'id=ethereum-eth')).toEqual({
      kind: 'offering',
      key: 'ethereum-eth',
      to: '/ieo/ethereum-eth',
    });
    expect(target('ieoComment', undefined, 'id=1')).toEqual({ kind: 'offering', key: '1', to: '/ieo/1/comment' });
  });

  it('follows ?type= to a coin tab, and ignores an unknown one', () => {
    expect(target('coindetails', 'bitcoin', 'type=market')).toEqual({
      kind: 'coin',
      key: 'bitcoin',
      to: '/coin/bitcoin/market',
    });
    expect(target('coindetails', 'bitcoin', 'type=overview')).toEqual({
      kind: 'coin',
      key: 'bitcoin',
      to: '/coin/bitcoin',
    });
    expect(target('coinContent', undefined, 'id=bitcoin&type=news')).toEqual({
      kind: 'coin',
      key: 'bitcoin',
      to: '/coin/bitcoin/news',
    });
    expect(target('coinContent', undefined, 'id=bitcoin&type=nope')).toEqual({
      kind: 'coin',
      key: 'bitcoin',
      to: '/coin/bitcoin/introduce',
    });
  });

  it('keeps the query parameters it did not consume', () => {
    expect(target('coindetails', 'bitcoin', 'range=1M&currency=EUR')).toMatchObject({
      to: '/coin/bitcoin?range=1M&currency=EUR',
    });
    expect(target('exchangeContent', undefined, 'name=binance&filter=futures&page=2')).toMatchObject({
      to: '/exchange/binance?filter=futures&page=2',
    });
    // Every spelling of the id goes, not only the one used.
    expect(target('exchangeContent', undefined, 'name=binance&exchange=okx')).toMatchObject({
      key: 'binance',
      to: '/exchange/binance',
    });
    expect(target('coinContent', undefined, 'id=bitcoin&type=market&range=1Y')).toMatchObject({
      to: '/coin/bitcoin/market?range=1Y',
    });
  });

  it('says what is wrong when nothing can be named', () => {
    expect(target('coinContent', undefined)).toEqual({ kind: 'coin', reason: 'missing' });
    expect(target('exchangeComment', undefined, 'page=2')).toEqual({ kind: 'exchange', reason: 'missing' });
    expect(target('ieoId', undefined)).toEqual({ kind: 'offering', reason: 'missing' });
    expect(target('exchangeArticle', undefined, 'id=abc')).toEqual({ kind: 'announcement', reason: 'invalid' });
    expect(target('exchangeArticle', undefined, 'id=0')).toEqual({ kind: 'announcement', reason: 'invalid' });
    expect(target('exchangeArticle', undefined, 'id=99999999999')).toEqual({ kind: 'announcement', reason: 'invalid' });
    expect(target('coindetails', '-bad')).toEqual({ kind: 'coin', reason: 'invalid' });
  });

  it('never lets the request choose the host or leave our paths', () => {
    for (const evil of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '..%2f..',
      'a/b',
      'a?b',
      'a#b',
      ' ',
      'x'.repeat(121),
    ]) {
      expect(target('coindetails', evil)).toMatchObject({ reason: 'invalid' });
      expect(target('exchangeContent', undefined, `name=${encodeURIComponent(evil)}`)).toMatchObject({
        reason: 'invalid',
      });
      expect(target('ieoId', undefined, `id=${encodeURIComponent(evil)}`)).toMatchObject({ reason: 'invalid' });
    }
    // A kept parameter cannot either: it only ever follows the path's '?'.
    const t = legacyTarget('coindetails', 'bitcoin', q('next=//evil.example'));
    expect(t.ok && legacyRedirect('/zh', t.path, t.search).headers.get('Location')).toBe(
      '/zh/coin/bitcoin?next=%2F%2Fevil.example',
    );
  });
});

describe('legacyRedirect', () => {
  it('is permanent and keeps the locale prefix', () => {
    const res = legacyRedirect('/zh', '/coin/bitcoin', '');
    expect(res.status).toBe(301);
    expect(res.headers.get('Location')).toBe('/zh/coin/bitcoin');
    expect(legacyRedirect('', '/exchange/binance', '?page=2').headers.get('Location')).toBe('/exchange/binance?page=2');
    expect(redirectHome('/ko').headers.get('Location')).toBe('/ko/');
  });
});
