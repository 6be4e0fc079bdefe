import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { sitemapPages } from '../../site/index.ts';
import { convertPage, convertSitemapPaths, pickerOptions } from './convert.server.ts';
import { divide, multiply, ratioOf, toDecimalText } from './exact.ts';
import type { Leg, Quote } from './model.ts';

const { get, db } = apiHarness();
type Answer = { from: Leg; to: Leg } & Quote;

async function stored(text: string): Promise<string> {
  const { rows } = (await db().execute(sql.raw(text))) as unknown as { rows: { v: string }[] };
  return rows[0]!.v;
}

const page = (pair: string | undefined, query = '', locale: 'en' | 'zh' = 'en', currency = 'USD') =>
  convertPage(db(), { pair, query: new URLSearchParams(query), locale, currency });

describe('GET /api/v1/convert', () => {
  it('converts a coin into a currency exactly, from the stored price, with both sides and their ages', async () => {
    const price = await stored(`select price::text as v from coins where id = 'bitcoin'`);
    const { status, body, headers } = await get<Answer>('/api/v1/convert?from=btc&to=usd&amount=2.5');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, msg: 'success' });
    expect(body.data.result).toBe(toDecimalText(multiply(ratioOf('2.5')!, ratioOf(price)!)));
    expect(body.data).toMatchObject({ amount: '2.5', rate: toDecimalText(ratioOf(price)!) });
    expect(body.data.from).toMatchObject({ code: 'BTC', kind: 'coin', id: 'bitcoin', value: price, sources: [] });
    expect(body.data.from.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.data.to).toEqual({
      code: 'USD',
      kind: 'fiat',
      id: null,
      name: 'US Dollar',
      localName: null,
      value: '1',
      at: null,
      sources: [],
      stale: false,
    });
    expect(headers.get('cache-control')).toMatch(/max-age=10\b/);
  });

  it('goes between two currencies through their rates, and names both sides in the asked language', async () => {
    const eur = await stored(`select rate::text as v from rates where symbol = 'EUR'`);
    const cny = await stored(`select rate::text as v from rates where symbol = 'CNY'`);
    const { body } = await get<Answer>('/api/v1/convert?from=eur&to=CNY&lan=zh');
    expect(body.data.rate).toBe(toDecimalText(divide(ratioOf(cny)!, ratioOf(eur)!)!));
    expect(body.data.result).toBe(body.data.rate);
    expect(body.data.from).toMatchObject({ code: 'EUR', name: 'Euro', localName: '欧元', value: eur });
    expect(body.data.to.at).not.toBeNull();
    const coin = await get<Answer>('/api/v1/convert?from=usd&to=btc&lan=zh');
    expect(coin.body.data.to).toMatchObject({ code: 'BTC', localName: '比特币' });
  });

  it('takes the best-ranked coin of a symbol that repeats', async () => {
    await db().execute(sql`insert into coins (id, symbol, name, rank, price) values
      ('dup-low', 'DUP', 'Dup Low', 900, '2'), ('dup-high', 'dup', 'Dup High', 800, '3'),
      ('btc-copy', 'BTC', 'Not Bitcoin', 999, '1')`);
    expect((await get<Answer>('/api/v1/convert?from=dup&to=usd')).body.data.from).toMatchObject({
      id: 'dup-high',
      code: 'DUP',
      value: '3',
    });
    expect((await get<Answer>('/api/v1/convert?from=btc&to=usd')).body.data.from.id).toBe('bitcoin');
  });

  it('refuses a bad amount or an unknown currency with a 400 saying why, in the asked language', async () => {
    const cases: [string, RegExp][] = [
      ['from=btc&to=usd&amount=abc', /must be a number/],
      ['from=btc&to=usd&amount=-2', /cannot be negative/],
      ['from=btc&to=usd&amount=1234567890123456', /too many digits/],
      ['from=btc&to=usd&amount=0', /greater than zero/],
      ['from=btc&to=usd&amount=', /Enter an amount/],
      ['from=nosuchcoin&to=usd', /Unknown coin or currency: nosuchcoin/],
      ['from=btc&to=a%2Fb', /Unknown coin or currency: a\/b/],
      ['to=usd', /from/],
      [`from=btc&to=${'x'.repeat(31)}`, /to/],
    ];
    for (const [query, msg] of cases) {
      const { status, body } = await get(`/api/v1/convert?${query}`);
      expect([query, status, body.code, body.data]).toEqual([query, 400, 400, null]);
      expect(body.msg).toMatch(msg);
    }
    expect((await get('/api/v1/convert?from=btc&to=usd&amount=x&lan=zh')).body.msg).toBe('数量必须是数字，例如 2.5。');
    const unsigned = await get('/api/v1/convert?from=btc&to=usd', { signed: false });
    expect([unsigned.status, unsigned.body.code]).toEqual([400, 4001]);
  });
});

describe('the page model', () => {
  it('reads a readable pair, redirects one not in lower case, and finds no page for an unknown pair', async () => {
    const p = await page('btc-usd', 'amount=2.5');
    expect(p).toMatchObject({ kind: 'page', readable: true, problem: null, amount: { text: '2.5' } });
    if (p.kind !== 'page') throw new Error('a page');
    expect(p.title).toBe('BTC to USD: convert Bitcoin to US Dollar');
    expect(p.heading).toBe('BTC to USD converter');
    expect(p.description).toMatch(
      /^Convert Bitcoin \(BTC\) to US Dollar \(USD\) at the live market rate: 1 BTC = [\d,]+\.\d\d USD\./,
    );
    expect(await page('BTC-Usd', 'amount=3')).toEqual({
      kind: 'redirect',
      path: '/convert/btc-usd?amount=3',
      status: 301,
    });
    expect(await page('%24pac-usd')).toMatchObject({ kind: 'page', from: { code: '$PAC' } });
    for (const missing of ['xyz-usd', 'btcusd', 'btc-', 'btc-usd/x', '%E0%A4%A'])
      expect([missing, (await page(missing)).kind]).toEqual([missing, 'missing']);
    const zh = await page('eth-cny', '', 'zh');
    expect(zh).toMatchObject({ title: 'ETH 兑 CNY：以太坊换算人民币', heading: 'ETH 兑 CNY 换算器' });
  });

  it('sends the form to the readable path, and keeps a refused input on the page with its reason', async () => {
    expect(await page(undefined, 'from=eth&to=eur&amount=2')).toEqual({
      kind: 'redirect',
      path: '/convert/eth-eur?amount=2',
      status: 302,
    });
    expect(await page(undefined, 'from=&to=jpy')).toMatchObject({ kind: 'redirect', path: '/convert/btc-jpy' });
    expect(await page(undefined, 'from=eth&to=zzz&amount=2')).toMatchObject({
      kind: 'page',
      readable: false,
      to: null,
      form: { amount: '2', from: 'ETH', to: 'zzz' },
      problem: { key: 'convert.problem.unknown', vars: { code: 'zzz' } },
    });
    expect(await page('btc-usd', 'amount=1e5')).toMatchObject({
      amount: null,
      form: { amount: '1e5' },
      problem: { key: 'convert.problem.number' },
    });
    // /convert itself: bitcoin into the reader's currency (the dollar when that is bitcoin).
    expect(await page(undefined, '', 'en', 'CNY')).toMatchObject({ from: { code: 'BTC' }, to: { code: 'CNY' } });
    expect(await page(undefined, '', 'en', 'BTC')).toMatchObject({ to: { code: 'USD' }, title: /^Crypto converter/ });
  });

  it('offers the currencies and the top coins, the pair’s own coin too', async () => {
    const options = await pickerOptions(db(), 'zh');
    expect(options.slice(0, 7).map((o) => o.code)).toEqual(['USD', 'CNY', 'JPY', 'KRW', 'HKD', 'TWD', 'EUR']);
    expect(options.find((o) => o.code === 'BTC')?.label).toBe('比特币');
    expect(options.length).toBeLessThanOrEqual(57);
    const p = await page('%24pac-usd');
    expect(p.kind === 'page' && p.options.some((o) => o.code === '$PAC')).toBe(true);
    expect(options.some((o) => o.code === '$PAC')).toBe(false);
  });
});

describe('the sitemap', () => {
  it('lists the top twenty coins into each currency, BTC and ETH, once each', async () => {
    const paths = await convertSitemapPaths(db());
    expect(paths).toHaveLength(20 * 9 - 2);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/convert/btc-usd');
    expect(paths).toContain('/convert/eth-btc');
    expect(paths).toContain('/convert/xrp-krw');
    expect(paths).not.toContain('/convert/btc-btc');
    const listed = await sitemapPages(db(), 'convert', 1);
    expect(listed?.map((p) => p.path)).toEqual(paths);
    expect(listed?.[0]?.locales).toEqual(['en', 'zh', 'zh-hk', 'ko']);
  });
});
