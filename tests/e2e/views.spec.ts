import { expect, test, type APIRequestContext } from '@playwright/test';

// Headless Chromium announces itself as HeadlessChrome, which is not counted; a desktop
// browser's user agent is. Each read uses its own query string so the page micro-cache
// cannot answer it. A reader counts once per item and day: the run's own user agents (a retry
// gets new ones) stand for two readers behind the same address.
const run = Date.now();
const browser = (n: number) => ({ 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.${run}.${n} Safari/537.36` });

async function firstLink(request: APIRequestContext, list: string, pattern: RegExp): Promise<string> {
  const html = await (await request.get(list)).text();
  const m = pattern.exec(html);
  expect(m, list).not.toBeNull();
  return m![0];
}

async function reads(request: APIRequestContext, path: string, n: number, headers: Record<string, string>): Promise<number> {
  const html = await (await request.get(`${path}?read=${n}`, { headers })).text();
  const m = /data-testid="(?:announcement-views|article-views)"[^>]*>([\d,]+)/.exec(html);
  expect(m, path).not.toBeNull();
  return Number(m![1]!.replace(/,/g, ''));
}

for (const [list, pattern] of [
  ['/announcement', /\/announcement\/\d+/],
  ['/news', /\/news\/\d+/],
] as const) {
  test(`opening ${list} items counts each reader once a day, crawlers not at all`, async ({ request }) => {
    const path = await firstLink(request, list, pattern);
    // A page shows the count as it was before its own read.
    const first = await reads(request, path, 1, browser(1));
    expect(await reads(request, path, 2, browser(1))).toBe(first + 1);
    // That second read, the same reader with another cache-busting parameter, added nothing;
    // nor does a crawler.
    await reads(request, path, 3, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    expect(await reads(request, path, 4, browser(2))).toBe(first + 1);
    // Another reader did count.
    expect(await reads(request, path, 5, browser(1))).toBe(first + 2);
  });
}
