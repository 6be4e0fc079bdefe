import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../../lib/format/index.ts';
import { amountText, divide, formatExact, multiply, ratioOf, ratioOfNumber, toDecimalText } from './exact.ts';
import { convertPath, normaliseCode, pairSegment, pairSplits, parseAmount } from './input.ts';
import { quote, quoteText, rateOf, type Leg } from './model.ts';
import { formHtml, panelHtml } from './client/markup.ts';

const r = (s: string) => ratioOf(s)!;
const coin = (code: string, value: string, extra: Partial<Leg> = {}): Leg => ({
  code,
  kind: 'coin',
  id: code.toLowerCase(),
  name: code,
  localName: null,
  value,
  at: '2026-11-20T12:00:00.000Z',
  sources: [],
  stale: false,
  ...extra,
});
const fiat = (code: string, value: string, at: string | null = '2026-11-20T00:00:00.000Z'): Leg => ({
  code,
  kind: 'fiat',
  id: null,
  name: code,
  localName: null,
  value,
  at,
  sources: [],
  stale: false,
});

describe('exact decimals', () => {
  it('read decimal strings and shortest number forms as fractions', () => {
    expect(ratioOf('2.5')).toEqual({ n: 5n, d: 2n });
    expect(ratioOf('.5')).toEqual({ n: 1n, d: 2n });
    expect(ratioOf('1e-7')).toEqual({ n: 1n, d: 10_000_000n });
    expect(ratioOf('1.5E+3')).toEqual({ n: 1500n, d: 1n });
    for (const bad of ['', '.', '-1', '1,000', 'abc', '1e', '0x10']) expect([bad, ratioOf(bad)]).toEqual([bad, null]);
    expect(ratioOfNumber(0.1)).toEqual({ n: 1n, d: 10n });
    expect(ratioOfNumber(1.2345e-9)).toEqual(r('0.0000000012345'));
    expect(ratioOfNumber(-1)).toBeNull();
  });

  it('multiply and divide without rounding, and round once where shown', () => {
    // 3 × 0.1 in doubles is 0.30000000000000004; in fractions it is 0.3.
    expect(toDecimalText(multiply(r('3'), r('0.1')))).toBe('0.3');
    expect(toDecimalText(divide(r('1'), r('3'))!, 5)).toBe('0.33333');
    expect(toDecimalText(divide(r('2'), r('3'))!, 5)).toBe('0.66667');
    expect(divide(r('1'), r('0'))).toBeNull();
    // 3 × 1.115 is 3.3449999999999998 in doubles, which shows as 3.34; exactly it is 3.345, shown as 3.35.
    expect(formatPrice(3 * 1.115, { symbol: '' })).toBe('3.34');
    expect(formatExact(multiply(r('3'), r('1.115')))).toBe('3.35');
    expect(toDecimalText(multiply(r('1000000000000000'), r('94498.1844')))).toBe('94498184400000000000');
  });

  it('format by SPEC §9 price rules: 2 decimals from 1, 4 significant digits below, subscript zeros below 1e-7', () => {
    expect(formatExact(r('243210.125'))).toBe('243,210.13');
    expect(formatExact(r('1'))).toBe('1.00');
    expect(formatExact(r('0.1'))).toBe('0.10');
    expect(formatExact(r('0.0086'))).toBe('0.0086');
    expect(formatExact(r('0.99996'))).toBe('1.00');
    expect(formatExact(r('0.0000102791'))).toBe('0.00001028');
    expect(formatExact(r('0.00000001234'))).toBe('0.0₇1234');
    expect(formatExact(r('0.00000009999999'))).toBe('0.0000001');
    expect(formatExact(r('0'))).toBe('--');
    expect(amountText(r('1234567.25'))).toBe('1,234,567.25');
  });

  it('agree with formatPrice wherever a double holds the value exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: -14, max: 6 }), (m, e) => {
        const value = m * 10 ** e;
        const text = value.toString();
        fc.pre(Number(text) === value && !text.includes('e') && ratioOf(text) !== null);
        expect(formatExact(r(text))).toBe(formatPrice(value, { symbol: '' }));
      }),
      { numRuns: 400 },
    );
  });
});

describe('the amount', () => {
  it('takes plain, grouped and full-width digits', () => {
    expect(parseAmount('2.5')).toMatchObject({ ok: true, text: '2.5' });
    expect(parseAmount(' 1,000.50 ')).toMatchObject({ ok: true, text: '1000.5' });
    expect(parseAmount('２．５')).toMatchObject({ ok: true, text: '2.5' });
    expect(parseAmount('007')).toMatchObject({ ok: true, text: '7' });
    expect(parseAmount('.25')).toMatchObject({ ok: true, text: '0.25' });
    expect(parseAmount('+3')).toMatchObject({ ok: true, text: '3' });
    expect(parseAmount(`${'9'.repeat(15)}.${'9'.repeat(18)}`)).toMatchObject({ ok: true });
    expect(parseAmount('1.5000000000000000000000')).toMatchObject({ ok: true, text: '1.5' });
  });

  it('refuses what is not a positive amount, saying why', () => {
    const problem = (s: string) => {
      const p = parseAmount(s);
      return p.ok ? 'ok' : p.problem;
    };
    expect(problem('')).toBe('empty');
    expect(problem('   ')).toBe('empty');
    for (const s of ['abc', '1,5', '1.2.3', '1e5', '0x1f', '.', '½', '1,00'])
      expect([s, problem(s)]).toEqual([s, 'number']);
    for (const s of ['-1', '−2.5', '-1,000']) expect([s, problem(s)]).toEqual([s, 'negative']);
    expect(problem('1'.repeat(16))).toBe('digits');
    expect(problem(`1.${'1'.repeat(19)}`)).toBe('digits');
    expect(problem('9'.repeat(70))).toBe('digits');
    expect(problem('0')).toBe('zero');
    expect(problem('0.000')).toBe('zero');
  });
});

describe('pair paths', () => {
  it('split at each hyphen, upper-cased, leaving out what no symbol holds', () => {
    expect(pairSplits('btc-usd')).toEqual([['BTC', 'USD']]);
    expect(pairSplits('a-b-usd')).toEqual([
      ['A', 'B-USD'],
      ['A-B', 'USD'],
    ]);
    expect(pairSplits('$pac-usd')).toEqual([['$PAC', 'USD']]);
    for (const bad of ['btcusd', '-usd', 'btc-', '', 'a b-usd']) expect([bad, pairSplits(bad)]).toEqual([bad, []]);
    expect(normaliseCode(' eth ')).toBe('ETH');
    expect(normaliseCode('x'.repeat(31))).toBeNull();
    expect(normaliseCode('a/b')).toBeNull();
  });

  it('are written lower case, escaped, with the amount unless it is 1', () => {
    expect(convertPath('BTC', 'USD')).toBe('/convert/btc-usd');
    expect(convertPath('BTC', 'USD', '1')).toBe('/convert/btc-usd');
    expect(convertPath('BTC', 'USD', '2.5')).toBe('/convert/btc-usd?amount=2.5');
    expect(convertPath('$PAC', 'EUR', 'a b')).toBe('/convert/%24pac-eur?amount=a%20b');
    expect(pairSegment('ETH', 'BTC')).toBe('eth-btc');
  });
});

describe('a conversion', () => {
  const btc = coin('BTC', '94498.1844');
  const eth = coin('ETH', '3408.095252');
  const eur = fiat('EUR', '0.921');
  const usd = fiat('USD', '1', null);

  it('goes through the dollar: a coin by its price, a currency by its rate per dollar', () => {
    expect(toDecimalText(rateOf(btc, usd)!)).toBe('94498.1844');
    // 94498.1844 × 0.921 exactly.
    expect(toDecimalText(rateOf(btc, eur)!)).toBe('87032.8278324');
    expect(toDecimalText(rateOf(eur, usd)!)).toBe(toDecimalText(divide(r('1'), r('0.921'))!));
    expect(quote(r('2.5'), btc, usd)).toEqual({
      amount: '2.5',
      result: '236245.461',
      rate: '94498.1844',
      inverse: '0.000010582213894894683289',
    });
    expect(rateOf(btc, coin('X', '0'))).toBeNull();
  });

  it('reads as the page shows it, both ways', () => {
    expect(quoteText(r('2.5'), btc, usd)).toEqual({
      amount: '2.5 BTC',
      result: '236,245.46 USD',
      rate: '1 BTC = 94,498.18 USD',
      inverse: '1 USD = 0.00001058 BTC',
      rateValue: '94,498.18',
    });
    expect(quoteText(r('1'), btc, eth)?.rate).toBe('1 BTC = 27.73 ETH');
    expect(quoteText(r('1'), btc, btc)?.result).toBe('1.00 BTC');
  });

  it('says where each side comes from and how old it is; the dollar needs no source', () => {
    const t = (key: string, vars: Record<string, string | number> = {}) => `${key}(${Object.values(vars).join(',')})`;
    const v = { t, locale: 'en' as const, now: Date.parse('2026-11-20T12:00:12Z'), methodology: '/methodology' };
    const live = coin('BTC', '94498.1844', { sources: ['binance', 'okx'] });
    const html = panelHtml(v, r('2'), live, usd).value;
    expect(html).toContain('data-testid="convert-value">188,996.37 USD<');
    expect(html).toContain('convert.coinPrice(BTC,Binance and OKX)');
    expect(html).toContain('<time datetime="2026-11-20T12:00:00.000Z" data-age>provenance.ageSeconds(12)</time>');
    expect(html).not.toContain('convert.fiatRate');
    const demo = panelHtml(v, null, coin('ETH', '3408', { stale: true }), eur).value;
    expect(demo).not.toContain('convert-value');
    expect(demo).toContain('1 ETH = 3,138.77 EUR');
    expect(demo).toContain('convert.coinDemo(ETH)');
    expect(demo).toContain('provenance.stalePrice');
    expect(demo).toContain('convert.fiatRate(EUR)');
    expect(demo).toContain('href="/methodology"');
  });
});

describe('the form', () => {
  const t = (key: string, vars: Record<string, string | number> = {}) => `${key}(${Object.values(vars).join(',')})`;
  const view = {
    t,
    dict: { 'convert.submit': 'Convert' },
    base: '/zh',
    amount: '2.5',
    from: 'BTC',
    to: 'USD',
    problem: null,
  };

  it('is a GET form to the readable page, with the swap as a link the other way round', () => {
    const form = formHtml(view).value;
    expect(form).toContain('<form class="cv-form" method="get" action="/zh/convert"');
    expect(form).toContain('href="/zh/convert/usd-btc?amount=2.5"');
    expect(form).toContain('aria-label="convert.swap(BTC,USD)"');
    expect(form).toContain('data-dict="{&quot;convert.submit&quot;:&quot;Convert&quot;}"');
    expect(form).not.toContain('aria-invalid');
    expect(form).toContain('data-testid="convert-message"></p>');
  });

  it("echoes the reader's refused input escaped, with the reason, and drops it from the swap link", () => {
    const form = formHtml({ ...view, amount: '"><script>x</script>', problem: 'convert.problem.number()' }).value;
    expect(form).not.toContain('<script>');
    expect(form).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(form).toContain('aria-invalid="true"');
    expect(form).toContain('href="/zh/convert/usd-btc"');
    expect(form).toContain('data-testid="convert-message">convert.problem.number()</p>');
  });
});
