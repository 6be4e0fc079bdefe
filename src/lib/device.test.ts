import { describe, expect, it } from 'vitest';
import { detectDevice, mobileRouteName, shouldRedirectToMobile } from './device.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('detectDevice', () => {
  it.each([
    [IPHONE, 'phone'],
    [ANDROID, 'phone'],
    [ANDROID_TABLET, 'tablet'],
    [IPAD, 'tablet'],
    [DESKTOP, 'pc'],
    ['curl/8.0', 'unknown'],
  ])('%s → %s', (ua, device) => expect(detectDevice(ua)).toBe(device));
});

describe('mobileRouteName', () => {
  it.each([
    ['/', 'index'],
    ['/coin/list_3', 'coin-list'],
    ['/coin/bitcoin', 'coin-id'],
    ['/exchange/list_1', 'exchange-list'],
    ['/exchange/binance', 'exchange-name'],
    ['/app', 'app'],
    ['/news', 'news'],
    ['/news/12', 'news-id'],
    ['/announcement', 'announcement'],
    ['/announcement/5', 'announcement-id'],
    ['/lives', 'lives'],
    ['/lives/9', 'lives-id'],
    ['/coin/bitcoin/market', undefined],
    ['/rank', undefined],
    ['/kline/btc', undefined],
  ])('%s → %s', (path, name) => expect(mobileRouteName(path)).toBe(name));
});

describe('shouldRedirectToMobile', () => {
  it.each([
    [IPHONE, null, '/', true],
    [ANDROID, null, '/coin/bitcoin', true],
    [ANDROID_TABLET, null, '/news', true],
    [IPHONE, 'pc', '/', false],
    [IPHONE, 'mobile', '/', true],
    [IPHONE, null, '/rank', false],
    [IPAD, null, '/', false],
    [DESKTOP, null, '/', false],
    [undefined, null, '/', false],
  ])('%s browsermode=%s %s → %s', (ua, mode, path, expected) => {
    expect(shouldRedirectToMobile(ua, mode, path)).toBe(expected);
  });
});
