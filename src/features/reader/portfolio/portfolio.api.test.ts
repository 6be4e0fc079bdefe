import { and, asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coins, klines, portfolios, portfolioTransactions, rates } from '../../../server/db/schema/index.ts';
import { createApi } from '../../../server/api/app.ts';
import { signature } from '../../../lib/signature.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';
import { dec } from './pnl.ts';

const { call, db } = apiHarness();
const P = '/api/new/v1/portfolio';
type User = { id: number; token: string };
type View = {
  portfolio: { id: number; name: string } | null;
  currency: string;
  totals: Record<string, string | null>;
  holdings: {
    coin: { id: string; symbol: string; listed: boolean };
    quantity: string;
    value: string | null;
    realised: string;
    averageCost: string | null;
  }[];
  history: { t: number; value: string }[];
  transactions?: { id: number; kind: string; coin: { id: string } }[];
};

const post = <T = unknown>(path: string, json: unknown, u?: User, lan = 'en') =>
  call<T>('POST', `${P}/${path}?lan=${lan}`, { json, token: u?.token });
const get = <T = unknown>(path: string, u?: User) => call<T>('GET', `${P}/${path}`, { token: u?.token });
const stored = (u: User) =>
  db()
    .select({ p: portfolios.name, coin: portfolioTransactions.coinId, q: portfolioTransactions.quantity })
    .from(portfolios)
    .leftJoin(portfolioTransactions, eq(portfolioTransactions.portfolioId, portfolios.id))
    .where(eq(portfolios.userId, u.id))
    .orderBy(asc(portfolioTransactions.id));

async function portfolio(u: User, name = 'Main') {
  const r = await post<{ id: number }>('create', { name }, u);
  expect(r.body.code).toBe(0);
  return r.body.data.id;
}
const buy = (coin: string, quantity: string, price: string, extra: Record<string, string> = {}) => ({
  coin,
  kind: 'BUY',
  at: '2026-01-02T10:00:00Z',
  quantity,
  price,
  ...extra,
});

let a: User;
let b: User;
let btc: { price: string; change24h: string | null };
beforeAll(async () => {
  a = await signedInUser(db());
  b = await signedInUser(db());
  [btc] = (await db()
    .select({ price: coins.price, change24h: coins.change24h })
    .from(coins)
    .where(eq(coins.id, 'bitcoin'))) as [{ price: string; change24h: string | null }];
});

describe('portfolio API', () => {
  it('refuses every signed-in route without a session', async () => {
    for (const [m, path] of [
      ['GET', 'list'],
      ['POST', 'create'],
      ['POST', 'rename'],
      ['POST', 'delete'],
      ['GET', 'view?id=1'],
      ['POST', 'transaction/add'],
      ['POST', 'transaction/update'],
      ['POST', 'transaction/delete'],
      ['POST', 'merge'],
      ['POST', 'import'],
      ['GET', 'export?id=1'],
    ] as const) {
      const r = await call(m, `${P}/${path}`, { json: m === 'POST' ? {} : undefined });
      expect([path, r.status]).toEqual([path, 401]);
    }
  });

  it('values holdings at the market in the reader’s currency, from exact transactions', async () => {
    const id = await portfolio(a);
    expect(
      (await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '0.5', '60000', { fee: '30' }) }, a)).body
        .code,
    ).toBe(0);
    // By symbol, priced in euros.
    const eur = await post('transaction/add', { portfolioId: id, ...buy('ETH', '2', '2700', { currency: 'EUR' }) }, a);
    expect(eur.body.code).toBe(0);
    const sell = {
      portfolioId: id,
      coin: 'bitcoin',
      kind: 'SELL',
      at: '2026-02-01T00:00:00Z',
      quantity: '0.2',
      price: '70000',
    };
    expect((await post('transaction/add', sell, a)).body.code).toBe(0);

    const [rate] = await db().select({ rate: rates.rate }).from(rates).where(eq(rates.symbol, 'EUR'));
    const v = (await get<View>(`view?id=${id}&currency=EUR`, a)).body.data;
    const h = v.holdings.find((x) => x.coin.id === 'bitcoin')!;
    // 0.5 for 30,030: 0.2 leaves at 12,012 for 14,000, 0.3 stays at 18,018.
    expect(h.quantity).toBe('0.3');
    expect(dec(h.averageCost!).toFixed(6)).toBe(dec(60060).times(rate!.rate).toFixed(6));
    expect(dec(h.realised).toFixed(6)).toBe(dec(1988).times(rate!.rate).toFixed(6));
    expect(dec(h.value!).toFixed(6)).toBe(dec(btc.price).times('0.3').times(rate!.rate).toFixed(6));
    const eth = v.holdings.find((x) => x.coin.symbol === 'ETH')!;
    expect(eth.coin.id).toBe('ethereum');
    expect(v.transactions!.map((t) => t.kind)).toEqual(['SELL', 'BUY', 'BUY']);
    // Value over time comes from the stored daily closes: the last day is what was held × its close.
    const last = v.history.at(-1)!;
    const closes = await db()
      .select({ id: klines.coinId, close: klines.close })
      .from(klines)
      .where(and(eq(klines.openTime, new Date(last.t)), eq(klines.interval, '1d')));
    const want = closes
      .filter((c) => c.id === 'bitcoin' || c.id === 'ethereum')
      .reduce((s, c) => s.plus(dec(c.close).times(c.id === 'bitcoin' ? '0.3' : '2')), dec(0));
    expect(v.history.length).toBeGreaterThan(20);
    expect(dec(last.value).toFixed(4)).toBe(want.times(rate!.rate).toFixed(4));
  });

  it('refuses a sell of more than was held, and bad fields, in the reader’s language, changing nothing', async () => {
    const id = await portfolio(a, 'Refusals');
    await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '50000') }, a);
    const before = await stored(a);
    const early = {
      portfolioId: id,
      coin: 'bitcoin',
      kind: 'SELL',
      at: '2026-01-01T00:00:00Z',
      quantity: '0.1',
      price: '1',
    };
    const zh = await post('transaction/add', early, a, 'zh');
    expect([zh.status, zh.body.msg]).toEqual([400, '这将超出 2026-01-01 持有的 0 BTC。请先添加买入或转入。']);
    for (const [bad, word] of [
      [{ quantity: '-1' }, 'quantity'],
      [{ quantity: '1e5' }, 'quantity'],
      [{ price: 'abc' }, 'price'],
      [{ at: '2999-01-01' }, 'between'],
      [{ coin: 'no-such-coin-at-all' }, 'No listed coin'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ kind: 'STAKE' }, 'type'],
    ] as const) {
      const r = await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1'), ...bad }, a);
      expect([r.status, r.body.msg.includes(word)]).toEqual([400, true]);
    }
    // Removing the buy a later sell needs is refused too.
    const tx = (await get<View>(`view?id=${id}`, a)).body.data.transactions!;
    await post('transaction/add', { ...early, at: '2026-03-01T00:00:00Z' }, a);
    const rm = await post('transaction/delete', { id: tx[0]!.id }, a, 'ko');
    expect([rm.status, rm.body.msg]).toEqual([
      400,
      '2026-03-01에 보유한 0 BTC보다 많아집니다. 매수나 입금을 먼저 추가하세요.',
    ]);
    expect((await stored(a)).length).toBe(before.length + 1);
  });

  it('lets no reader read or change another reader’s portfolio', async () => {
    const id = await portfolio(a, 'Private');
    await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1') }, a);
    const txId = (await get<View>(`view?id=${id}`, a)).body.data.transactions![0]!.id;
    const before = await stored(a);
    const tries = [
      await get(`view?id=${id}`, b),
      await get(`export?id=${id}&format=json`, b),
      await post('rename', { id, name: 'Mine now' }, b),
      await post('delete', { id }, b),
      await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1') }, b),
      await post('transaction/update', { id: txId, ...buy('bitcoin', '9', '1') }, b),
      await post('transaction/delete', { id: txId }, b),
      await post(
        'import',
        {
          portfolioId: id,
          csv: 'date,type,coin,symbol,quantity,price,currency,fee,note\n2026-01-01,BUY,bitcoin,BTC,1,1,USD,0,',
          commit: true,
        },
        b,
      ),
    ];
    expect(tries.map((r) => r.status)).toEqual(tries.map(() => 404));
    expect(await stored(a)).toEqual(before);
    expect((await get<unknown[]>('list', b)).body.data).toEqual([]);
  });

  it('keeps a transaction when its coin leaves the list', async () => {
    const id = await portfolio(a, 'Delisted');
    const [gone] = await db().select({ id: coins.id }).from(coins).orderBy(asc(coins.rank)).offset(300).limit(1);
    await post('transaction/add', { portfolioId: id, ...buy(gone!.id, '3', '2') }, a);
    await db()
      .delete(coins)
      .where(inArray(coins.id, [gone!.id]));
    const v = (await get<View>(`view?id=${id}`, a)).body.data;
    expect(v.holdings.map((h) => [h.coin.id, h.coin.listed, h.quantity, h.value])).toEqual([
      [gone!.id, false, '3', null],
    ]);
    expect(v.totals.value).toBe('6');
  });

  it('merges a visitor’s browser portfolio once, however often the merge is sent', async () => {
    const local = [
      { ...buy('bitcoin', '0.1', '40000'), clientId: 'v1' },
      { ...buy('ethereum', '1', '2000'), clientId: 'v2' },
    ];
    const first = await post<{ id: number; added: number }>('merge', { name: 'Browser', transactions: local }, b);
    const again = await post<{ id: number; added: number }>('merge', { name: 'Browser', transactions: local }, b);
    expect([first.body.data.added, again.body.data.added, again.body.data.id]).toEqual([2, 0, first.body.data.id]);
    expect((await stored(b)).length).toBe(2);
    const noId = await post('merge', { name: 'Browser', transactions: [buy('bitcoin', '1', '1')] }, b);
    expect(noId.status).toBe(400);
  });

  it('values a visitor’s transactions without storing them', async () => {
    const r = await call<View>('POST', `${P}/evaluate?currency=USD&range=7d`, {
      json: { transactions: [buy('bitcoin', '2', '100'), { ...buy('bitcoin', '1', '150'), kind: 'SELL' }] },
    });
    expect(r.body.code).toBe(0);
    expect(r.body.data.portfolio).toBeNull();
    expect([r.body.data.holdings[0]!.quantity, r.body.data.holdings[0]!.realised]).toEqual(['1', '50']);
    const bad = await call('POST', `${P}/evaluate`, {
      json: { transactions: [{ ...buy('bitcoin', '1', '1'), kind: 'SELL' }] },
    });
    expect(bad.status).toBe(400);
    const line = await call('POST', `${P}/evaluate?lan=en`, {
      json: { transactions: [buy('bitcoin', '1', '1'), buy('bitcoin', '0', '1')] },
    });
    expect(line.body.msg).toMatch(/^Entry 2: The quantity/);
  });

  it('imports its own export back unchanged, and Binance trade history with a preview', async () => {
    const from = await portfolio(a, 'Export me');
    await post(
      'transaction/add',
      { portfolioId: from, ...buy('bitcoin', '1.25', '40000', { fee: '12.5', note: 'first, "quoted"' }) },
      a,
    );
    const api = createApi();
    const t = await signature(Date.now(), 'coinlens');
    const res = await api.request(`${P}/export?id=${from}&format=csv&t=${t}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const csv = await res.text();
    const to = await portfolio(a, 'Imported');
    const preview = await post<{ rows: unknown[]; errors: number; saved: number }>(
      'import',
      { portfolioId: to, csv },
      a,
    );
    expect([preview.body.data.errors, preview.body.data.saved, preview.body.data.rows.length]).toEqual([0, 0, 1]);
    expect((await post<{ saved: number }>('import', { portfolioId: to, csv, commit: true }, a)).body.data.saved).toBe(
      1,
    );
    const pick = (v: View) => v.transactions!.map(({ id: _, ...rest }) => rest);
    expect(pick((await get<View>(`view?id=${to}`, a)).body.data)).toEqual(
      pick((await get<View>(`view?id=${from}`, a)).body.data),
    );

    const binance = [
      'Date(UTC),Pair,Side,Price,Executed,Amount,Fee',
      '2026-01-05 09:30:00,BTCUSDT,BUY,50000,0.0200000000BTC,1000.00000000USDT,0.0000200000BTC',
      '2026-01-06 09:30:00,BTCUSDT,SELL,55000,0.01BTC,550USDT,0.55USDT',
      '2026-01-07 09:30:00,BTCXYZ,BUY,1,1BTC,1XYZ,0XYZ',
      'not a date,BTCUSDT,BUY,1,1BTC,1USDT,0USDT',
    ].join('\n');
    const before = await stored(a);
    const bad = await post<{ rows: { line: number; error?: { key: string } }[]; errors: number; saved: number }>(
      'import',
      { portfolioId: to, csv: binance, commit: true },
      a,
    );
    expect([bad.body.data.errors, bad.body.data.saved]).toEqual([2, 0]);
    expect(bad.body.data.rows.filter((r) => r.error).map((r) => [r.line, r.error!.key])).toEqual([
      [4, 'portfolio.currencyRule'],
      [5, 'portfolio.timeRule'],
    ]);
    expect(await stored(a)).toEqual(before);
    const good = binance.split('\n').slice(0, 3).join('\n');
    expect(
      (await post<{ saved: number }>('import', { portfolioId: to, csv: good, commit: true }, a)).body.data.saved,
    ).toBe(2);
    const rows = await db()
      .select({ fee: portfolioTransactions.fee, currency: portfolioTransactions.currency })
      .from(portfolioTransactions)
      .where(eq(portfolioTransactions.portfolioId, to))
      .orderBy(asc(portfolioTransactions.at));
    // The buy's fee was in bitcoin: 0.00002 BTC at 50,000 USDT.
    expect(rows.slice(1).map((r) => [r.fee, r.currency])).toEqual([
      ['1', 'USDT'],
      ['0.55', 'USDT'],
    ]);
  });

  it('caps portfolios per reader and refuses a name twice', async () => {
    const u = await signedInUser(db());
    for (let i = 0; i < 10; i++) await portfolio(u, `P${i}`);
    expect((await post('create', { name: 'P10' }, u)).status).toBe(400);
    expect(
      (await post('rename', { id: (await get<{ id: number }[]>('list', u)).body.data[0]!.id, name: 'P1' }, u)).status,
    ).toBe(400);
  });

  it('holds the same order in every check: an edit that would sell before a same-time buy is refused, and views never fail', async () => {
    const id = await portfolio(a, 'Same time');
    const day = '2026-01-10T00:00:00Z';
    await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1', { at: day }) }, a);
    await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1', { at: '2026-01-05T00:00:00Z' }) }, a);
    // The first added (the 01-10 buy, newest first in the view) moves to 01-05 as a sell.
    const [first] = (await get<View>(`view?id=${id}`, a)).body.data.transactions!;
    const sell = await post(
      'transaction/update',
      { id: first!.id, coin: 'bitcoin', kind: 'SELL', at: '2026-01-05T00:00:00Z', quantity: '1', price: '1' },
      a,
    );
    // The edited row keeps its id, so it sorts before the later-added buy of the same time.
    expect(sell.status).toBe(400);
    expect((await get(`view?id=${id}`, a)).status).toBe(200);
  });

  it('takes a browser id only in a merge, and each once even when repeated in one request', async () => {
    const u = await signedInUser(db());
    const twice = await post<{ added: number }>(
      'merge',
      {
        name: 'Twice',
        transactions: [
          { ...buy('bitcoin', '1', '1'), clientId: 'same' },
          { ...buy('bitcoin', '2', '1'), clientId: 'same' },
        ],
      },
      u,
    );
    expect([twice.status, twice.body.data.added]).toEqual([200, 1]);
    const id = (await get<{ id: number }[]>('list', u)).body.data[0]!.id;
    const add = await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1'), clientId: 'same' }, u);
    expect(add.body.code).toBe(0);
    expect((await stored(u)).length).toBe(2);
  });

  it('refuses amounts a JSON number has already rounded, decimal commas and impossible dates', async () => {
    const id = await portfolio(a, 'Strict');
    for (const bad of [
      { quantity: 0.1 },
      { quantity: '0,5' },
      { at: '2026-02-30' },
      { note: 5 },
      { currency: ['USD'] },
    ]) {
      const r = await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1', '1'), ...bad }, a);
      expect([JSON.stringify(bad), r.status]).toEqual([JSON.stringify(bad), 400]);
    }
    expect((await post('transaction/add', { portfolioId: id, ...buy('bitcoin', '1,234.5', '1') }, a)).body.code).toBe(
      0,
    );
    // A price in bitcoin before the stored history has no rate to count it at.
    const early = await post(
      'transaction/add',
      { portfolioId: id, ...buy('ethereum', '1', '0.05', { currency: 'BTC', at: '2010-01-01' }) },
      a,
    );
    expect([early.status, early.body.msg]).toEqual([
      400,
      'There is no BTC rate for that date yet. Choose another currency.',
    ]);
  });

  it('previews an import as the commit checks it: owner, coins and oversells on their own lines', async () => {
    const id = await portfolio(a, 'Preview');
    const head = 'date,type,coin,symbol,quantity,price,currency,fee,note';
    const csv = `${head}\n2026-01-01,BUY,no-such-coin,,1,1,USD,0,\n2026-01-02,SELL,bitcoin,BTC,1,1,USD,0,-2+3\n`;
    expect((await post('import', { portfolioId: id, csv }, b)).status).toBe(404);
    const r = await post<{ rows: { line: number; error?: { key: string } }[]; errors: number }>(
      'import',
      { portfolioId: id, csv },
      a,
    );
    expect(r.body.data.rows.map((x) => [x.line, x.error?.key])).toEqual([
      [2, 'portfolio.unknownCoin'],
      [3, undefined],
    ]);
    const sells = `${head}\n2026-01-02,SELL,bitcoin,BTC,1,1,USD,0,-2+3\n`;
    const s2 = await post<{ rows: { line: number; error?: { key: string } }[] }>(
      'import',
      { portfolioId: id, csv: sells },
      a,
    );
    expect(s2.body.data.rows.map((x) => x.error?.key)).toEqual(['portfolio.oversold']);
    // A note a spreadsheet would read as a formula goes out guarded and comes back as typed.
    const ok = `${head}\n2026-01-01,BUY,bitcoin,BTC,1,1,USD,0,-2+3\n`;
    expect(
      (await post<{ saved: number }>('import', { portfolioId: id, csv: ok, commit: true }, a)).body.data.saved,
    ).toBe(1);
    const t = await signature(Date.now(), 'coinlens');
    const out = await (
      await createApi().request(`${P}/export?id=${id}&t=${t}`, { headers: { authorization: `Bearer ${a.token}` } })
    ).text();
    expect(out).toContain(",'-2+3");
    const again = await portfolio(a, 'Again');
    await post('import', { portfolioId: again, csv: out, commit: true }, a);
    expect(
      (await get<View>(`view?id=${again}`, a)).body.data.transactions!.map(
        (x) => (x as unknown as { note: string }).note,
      ),
    ).toEqual(['-2+3']);
  });
});
