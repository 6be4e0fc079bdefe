/**
 * The edge rule on the built server (src/server/http/edge.ts, src/middleware.ts, src/server/http/node/server.mjs):
 * no client mistake is a 5xx; every refused page is the site's own 404/400 page in the request's
 * language with the security headers; under /api it is the envelope. The page routes are read from
 * src/pages, so a route added later is covered without anyone remembering to.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { raw as rawRequest, type Raw } from './http.ts';

/** A request sent byte for byte as written (no URL normalisation), any method. */
const raw = (baseURL: string, target: string, method = 'GET', headers: Record<string, string> = {}) =>
  rawRequest(baseURL, target, { method, headers });

const LOCALES = ['en', 'zh', 'zh-hk', 'ko'] as const;
const TAGS = { en: 'en', zh: 'zh-CN', 'zh-hk': 'zh-HK', ko: 'ko' } as const;
const strings = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join('locales', `${locale}.json`), 'utf8')) as {
    error: Record<string, string>;
    api: Record<string, string>;
  };

/** Every page route of src/pages as a template: `{}` where a path parameter goes. */
function pageRoutes(): { template: string; dynamic: boolean; endpoint: boolean }[] {
  const out: { template: string; dynamic: boolean; endpoint: boolean }[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (prefix === '' && entry.name === 'api') continue; // the API: below
        walk(path.join(dir, entry.name), `${prefix}/${entry.name.replace(/\[[^\]]+\]/g, '{}')}`);
        continue;
      }
      if (!/\.(astro|ts)$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
      const name = entry.name.replace(/\.(astro|ts)$/, '');
      if (prefix === '' && /^\[\.\.\.|^40\d$|^500$/.test(name)) continue; // the catch-all and the error pages
      const template =
        `${prefix}/${name === 'index' ? '' : name.replace(/\[[^\]]+\]/g, '{}')}`.replace(/\/$/, '') || '/';
      out.push({ template, dynamic: template.includes('{}'), endpoint: entry.name.endsWith('.ts') });
    }
  };
  walk(path.join('src', 'pages'), '');
  return out;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

const BAD_IDS = ['a%00b', '%ff', '%0D%0A', '%3C%2F', 'x'.repeat(300)];

function expectSecurityHeaders(res: Raw, what: string) {
  expect(res.headers['content-security-policy'], what).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBeTruthy();
}

test.describe('the edge rule', () => {
  test('a broken id in any page route is a 404 page with security headers, never a 5xx', async ({ baseURL }) => {
    test.setTimeout(240_000);
    const routes = pageRoutes().filter((r) => r.dynamic);
    expect(routes.length).toBeGreaterThan(20);
    for (const { template, endpoint } of routes) {
      for (const id of BAD_IDS) {
        for (const prefix of ['', '/zh']) {
          const target = prefix + template.replaceAll('{}', id);
          const res = await raw(baseURL!, target);
          // A redirecting endpoint (/playback/{id}) may send a valid-looking id on to its page.
          expect(endpoint ? [301, 308, 400, 404] : [400, 404], `${target} → ${res.status}`).toContain(res.status);
          expectSecurityHeaders(res, target);
          if (res.status === 301 || res.status === 308) continue;
          // A file endpoint (avatars, icons, feeds) may answer an id that passes the edge rule
          // with its own plain 404; everything the edge refuses is the page.
          if (endpoint && !res.headers['content-type']?.startsWith('text/html')) continue;
          expect(res.headers['content-type'], target).toMatch(/^text\/html/);
          expect(res.text, target).toContain(`<html lang="${prefix ? 'zh-CN' : 'en'}"`);
        }
      }
    }
  });

  test('an id holding %25 is served under a prefix like without one (the rewrite once decoded it twice: a 500)', async ({
    baseURL,
  }) => {
    for (const { template } of pageRoutes().filter((r) => r.dynamic)) {
      for (const id of ['%25', 'a%25zz', '%2525']) {
        const plain = await raw(baseURL!, template.replaceAll('{}', id));
        const target = `/zh${template.replaceAll('{}', id)}`;
        const res = await raw(baseURL!, target);
        expect(res.status, `${target} → ${res.status}`).toBe(plain.status);
        expectSecurityHeaders(res, target);
      }
    }
  });

  test('an unreadable query on any page route is the 400 page in its language', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const zh = strings('zh');
    for (const { template } of pageRoutes()) {
      const target = `/zh${template === '/' ? '' : template.replaceAll('{}', 'bitcoin')}?q=a%00b&coin=%ff&platform=%0A`;
      const res = await raw(baseURL!, target);
      expect(res.status, target).toBe(400);
      expectSecurityHeaders(res, target);
      expect(res.text, target).toContain(escapeHtml(zh.error.badRequestTitle!));
    }
    for (const target of ['/baike?q=a%00b', '/news?coin=a%00b', '/ieo?platform=%ff', '/search?q=%E4']) {
      expect((await raw(baseURL!, target)).status, target).toBe(400);
    }
  });

  test('paths Astro cannot decode and empty segments get the site page, not a bare "Not found" or a 500', async ({
    baseURL,
  }) => {
    for (const target of [
      '/zh//a%2Fb',
      '/zh//evil.com/news',
      '/%ff',
      '/ko/coin/%E4%B8',
      '/coin/%3C%2F',
      '/icons/coins/a%00b.svg',
      '/avatars/%00.png',
    ]) {
      const res = await raw(baseURL!, target);
      expect(res.status, target).toBe(404);
      expectSecurityHeaders(res, target);
      expect(res.text, target).toContain('data-testid="not-found"');
    }
    expect((await raw(baseURL!, '/ko/coin/%E4%B8')).text).toContain('<html lang="ko"');
  });

  test('under /api the answer is the envelope in the request language', async ({ baseURL }) => {
    const zh = strings('zh');
    for (const [target, status] of [
      ['/api/%ff?lan=zh', 404],
      ['/api/v1/%0D%0A?lan=zh', 404],
      ['/api/v1/coins/a%00b?lan=zh', 404],
      ['/api/v1/coins/%3C%2F?lan=zh', 404],
      ['/api/v1/wiki?q=a%00b&lan=zh', 400],
      ['/api/v1/offerings?platform=%ff&lan=zh', 400],
      ['/api/stream/%ff?lan=zh', 404],
    ] as const) {
      const res = await raw(baseURL!, target);
      expect(res.status, target).toBe(status);
      expectSecurityHeaders(res, target);
      const body = JSON.parse(res.text) as { code: number; msg: string };
      expect(body.code, target).toBe(status);
      expect(body.msg, target).toBe(status === 400 ? zh.api.badRequest : zh.api.routeNotFound);
    }
  });

  test('methods outside GET and HEAD (and POST under /api) are 405 with Allow, TRACE included', async ({ baseURL }) => {
    for (const [method, target] of [
      ['TRACE', '/'],
      ['TRACE', '/zh/news'],
      ['POST', '/coin/bitcoin'],
      ['DELETE', '/news'],
      ['TRACE', '/favicon.svg'],
    ] as const) {
      const res = await raw(baseURL!, target, method);
      expect(res.status, `${method} ${target}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expectSecurityHeaders(res, target);
    }
    expect((await raw(baseURL!, '/zh/news', 'TRACE')).text).toContain('<html lang="zh-CN"');
    for (const [method, target] of [
      ['TRACE', '/api/health?lan=ko'],
      ['DELETE', '/api/health?lan=ko'],
      ['TRACE', '/api/stream/prices?lan=ko'],
    ] as const) {
      const res = await raw(baseURL!, target, method);
      expect(res.status, `${method} ${target}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST');
      const body = JSON.parse(res.text) as { code: number; msg: string };
      expect(body).toMatchObject({ code: 405, msg: strings('ko').api.methodNotAllowed });
    }
  });

  test('a TRACE is never answered from the page cache', async ({ baseURL }) => {
    expect((await raw(baseURL!, '/coin/list_1')).status).toBe(200);
    expect((await raw(baseURL!, '/coin/list_1', 'TRACE')).status).toBe(405);
  });
});

test.describe('the not-found page', () => {
  for (const locale of LOCALES) {
    test(`is in ${locale}, links home under its prefix, is not indexed and names no alternates`, async ({
      baseURL,
    }) => {
      const s = strings(locale);
      for (const missing of ['/no-such-page', '/coin/no-such-coin', '/exchange/no-such-exchange']) {
        const res = await raw(baseURL!, `/${locale}${missing}`);
        expect(res.status, missing).toBe(404);
        expectSecurityHeaders(res, missing);
        expect(res.text).toContain(`<html lang="${TAGS[locale]}"`);
        expect(res.text).toContain(escapeHtml(s.error.notFoundTitle!));
        // Its two sentences joined by the language's own full stop (。 in Chinese, not ". ").
        const stop = locale.startsWith('zh') ? '。' : '. ';
        expect(res.text).toContain(escapeHtml(`${s.error.notFoundStatus!}${stop}${s.error.notFoundBody!}`));
        expect(res.text).toMatch(new RegExp(`class="home" href="/${locale}"`));
        expect(res.text).toContain('<meta name="robots" content="noindex"');
        expect(res.text).not.toMatch(/<link rel="(alternate|canonical)"/);
        expect(res.text).not.toContain('/en/404');
      }
    });
  }

  test('unprefixed, it follows the locale cookie and links home at /', async ({ baseURL }) => {
    const res = await raw(baseURL!, '/no-such-page', 'GET', { cookie: 'locale=ko' });
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="ko"');
    expect(res.text).toContain('class="home" href="/"');
  });
});
