import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { installCookieJar } from '../../tests/setup/cookieJar.ts';
import { getCookie, removeCookie, sessionCsrf, setCookie, signedIn } from './cookies.ts';

let uninstall = () => {};
afterEach(() => uninstall());
const jar = (protocol: 'http:' | 'https:' = 'http:') => {
  const installed = installCookieJar(protocol);
  uninstall = installed.uninstall;
  return installed.jar;
};

describe('the browser cookie module', () => {
  it('writes for the whole site, Lax, for the age asked, and reads the value back decoded', () => {
    const cookies = jar();
    setCookie('sizes', 'coins:50,news:20', 365 * 86400);
    const c = cookies.get('sizes')!;
    expect(c.attributes).toMatchObject({ path: '/', samesite: 'lax' });
    expect(c.attributes.secure).toBeUndefined();
    const days = (Date.parse(String(c.attributes.expires)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    expect(getCookie('sizes')).toBe('coins:50,news:20');
    expect(getCookie('size')).toBeUndefined();
  });

  it('marks cookies Secure on https, and removes them with the attributes they were written with', () => {
    const cookies = jar('https:');
    setCookie('msgToken', 'abcdefgh12', 86400);
    expect(cookies.get('msgToken')!.attributes.secure).toBe(true);
    removeCookie('msgToken');
    expect(cookies.has('msgToken')).toBe(false);
  });

  it('reads the session from the csrf cookie, the https (__Host-) one first', () => {
    const cookies = jar();
    expect(signedIn()).toBe(false);
    cookies.set('csrf', { value: 'planted', attributes: {} });
    expect(sessionCsrf()).toBe('planted');
    cookies.set('__Host-csrf', { value: 'own', attributes: {} });
    expect(sessionCsrf()).toBe('own');
    expect(signedIn()).toBe(true);
  });

  it('reads nothing and writes nothing where there is no document (server rendering)', () => {
    expect(getCookie('locale')).toBeUndefined();
    expect(() => setCookie('locale', 'zh', 60)).not.toThrow();
    expect(signedIn()).toBe(false);
  });
});

describe('one cookie module', () => {
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return files(p);
      return /\.(ts|tsx|astro|mjs)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
    });

  it('is the only browser code that touches document.cookie', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const own = path.join(src, 'lib', 'cookies.ts');
    const touching = files(src).filter(
      (f) =>
        f !== own &&
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .some((line) => /document\.cookie/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)),
    );
    expect(touching).toEqual([]);
  });
});
