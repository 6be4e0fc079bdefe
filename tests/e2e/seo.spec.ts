// Canonical and hreflang agree (src/lib/seo.ts): a page's canonical is the prefixed URL of the
// language it rendered in, the hreflang set holds only prefixed URLs (x-default: the English one),
// and the unprefixed URL, which renders the cookie language, is never in the set.
import { expect, test, type APIRequestContext } from '@playwright/test';

interface Head {
  lang: string;
  canonical: string;
  alternates: Record<string, string>;
  ogUrl: string | undefined;
  ldUrl: string | undefined;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

async function head(request: APIRequestContext, path: string, locale?: string): Promise<Head> {
  const res = await request.get(path, { headers: locale ? { cookie: `locale=${locale}` } : {} });
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const links = html.match(/<link [^>]*>/g) ?? [];
  const canonicals = links.filter((l) => attr(l, 'rel') === 'canonical');
  expect(canonicals, `${path}: one canonical`).toHaveLength(1);
  const alternates = links.filter((l) => attr(l, 'rel') === 'alternate' && attr(l, 'hreflang'));
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  return {
    lang: /<html [^>]*lang="([^"]+)"/.exec(html)![1]!,
    canonical: attr(canonicals[0]!, 'href')!,
    alternates: Object.fromEntries(alternates.map((l) => [attr(l, 'hreflang')!, attr(l, 'href')!])),
    ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1],
    ldUrl: ld ? (JSON.parse(ld) as { mainEntityOfPage?: string }).mainEntityOfPage : undefined,
  };
}

test('canonical and hreflang agree from every URL of a page, whatever the cookie', async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const list = await (await request.get('/en/news')).text();
  const article = /href="\/en(\/news\/\d+)"/.exec(list)![1]!;
  for (const path of ['/', '/coin/bitcoin', '/news', article]) {
    const at = (locale: string) => `${origin}/${locale}${path === '/' ? '' : path}`;
    const set = { en: at('en'), 'zh-CN': at('zh'), 'zh-HK': at('zh-hk'), ko: at('ko'), 'x-default': at('en') };
    for (const [url, cookie, shown] of [
      [path, undefined, 'en'], // what crawlers see
      [path, 'zh', 'zh'], // the cookie language
      [`/zh${path === '/' ? '' : path}`, undefined, 'zh'],
      [`/ko${path === '/' ? '' : path}`, 'zh', 'ko'], // the prefix wins over the cookie
      [`/en${path === '/' ? '' : path}`, 'zh-hk', 'en'],
    ] as const) {
      const h = await head(request, url, cookie);
      const where = `${url} with locale=${cookie ?? '(none)'}`;
      expect(h.canonical, where).toBe(at(shown));
      expect(h.alternates, where).toEqual(set);
      // The canonical stands in the set under the language the page is in.
      const tag = Object.entries(h.alternates).find(([k, v]) => v === h.canonical && k !== 'x-default')?.[0];
      expect(tag, where).toBe(h.lang);
      // Lighthouse: a page that is itself an hreflang location must be its own canonical.
      const self = origin + (url === '/' ? '' : url);
      if (Object.values(h.alternates).includes(self)) expect(h.canonical, where).toBe(self);
      else expect(url.startsWith(`/${shown}`), where).toBe(false);
      // Share cards name the same URL.
      if (h.ogUrl !== undefined) expect(h.ogUrl, where).toBe(h.canonical);
      if (h.ldUrl !== undefined) expect(h.ldUrl, where).toBe(h.canonical);
    }
    // The canonical URL declares itself.
    expect((await head(request, at('zh').slice(origin.length))).canonical).toBe(at('zh'));
  }
});
