import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coins, exchanges, favourites, tickers } from '../../../server/db/schema/index.ts';
import { apiHarness } from '../../../../tests/api/helpers.ts';
import { signedInUser } from '../../../../tests/api/users.ts';

const { call, db } = apiHarness();
const V1 = '/api/new/v1';

type Entry = { id: string; type: 'COIN' | 'TICKER' | 'EXCHANGE' };
type User = { id: number; token: string };

const post = <T = unknown>(path: string, json: unknown, token?: string) =>
  call<T>('POST', `${V1}/${path}`, { json, token });
const get = <T = unknown>(path: string, token?: string) => call<T>('GET', `${V1}/${path}`, { token });
const ids = async (u: User) => (await get<Entry[]>('favorite/tickers/getIds', u.token)).body.data;
/** The user's rows as stored, to prove a refused request changed nothing. */
const stored = (u: User) =>
  db()
    .select({ kind: favourites.kind, target: favourites.target, position: favourites.position })
    .from(favourites)
    .where(eq(favourites.userId, u.id))
    .orderBy(asc(favourites.position), asc(favourites.id));

let coin: string[] = [];
let ticker: string[] = [];
let exchange: string[] = [];
beforeAll(async () => {
  coin = (await db().select({ id: coins.id }).from(coins).orderBy(asc(coins.rank)).limit(6)).map((r) => r.id);
  ticker = (await db().select({ id: tickers.id }).from(tickers).orderBy(asc(tickers.id)).limit(4)).map((r) =>
    String(r.id),
  );
  exchange = (await db().select({ name: exchanges.name }).from(exchanges).orderBy(asc(exchanges.name)).limit(3)).map(
    (r) => r.name,
  );
});

const C = (id: string): Entry => ({ id, type: 'COIN' });
const T = (id: string): Entry => ({ id, type: 'TICKER' });
const X = (id: string): Entry => ({ id, type: 'EXCHANGE' });

describe('auth', () => {
  it('refuses every signed-in path without a valid Bearer token (401, translated)', async () => {
    const paths: [string, string, unknown?][] = [
      ['POST', 'favorite/coin/saveMore', { ids: ['bitcoin'] }],
      ['POST', 'favorite/tickers/saveMore', { ids: ['1'] }],
      ['POST', 'favorite/exchange/saveMore', { ids: ['binance'] }],
      ['GET', 'favorite/coin/delete?_id=bitcoin'],
      ['GET', 'favorite/tickers/delete?ticker=1'],
      ['GET', 'favorite/exchange/delete?exchange=binance'],
      ['POST', 'favorite/tickers/saveCoinAndTickers', { tickers: {} }],
      ['POST', 'favorite/tickers/sync', { tickers: {} }],
      ['GET', 'favorite/tickers/getIds'],
      ['GET', 'favorite/changeIndex?ids='],
    ];
    for (const [method, path, json] of paths) {
      for (const token of [undefined, 'not.a.valid-token-at-all-xxxxxxxx']) {
        const res = await call(method, `${V1}/${path}`, { json, token });
        expect([path, res.status, res.body.code]).toEqual([path, 401, 401]);
      }
    }
    const zh = await call('GET', `${V1}/favorite/tickers/getIds?lan=zh`);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('saveMore and delete', () => {
  it('adds coins after the existing entries, keeps existing ones in place, dedupes', async () => {
    const u = await signedInUser(db());
    const first = await post<Entry[]>('favorite/coin/saveMore', { ids: [coin[0], coin[1], coin[0]] }, u.token);
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toEqual([C(coin[0]!), C(coin[1]!)]);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const second = await post<Entry[]>('favorite/coin/saveMore', { ids: [coin[2], coin[0]] }, u.token);
    expect(second.body.data).toEqual([C(coin[0]!), C(coin[1]!), C(coin[2]!)]);
    await post('favorite/tickers/saveMore', { ids: [ticker[0]] }, u.token);
    await post('favorite/exchange/saveMore', { ids: [exchange[0]] }, u.token);
    expect(await ids(u)).toEqual([C(coin[0]!), C(coin[1]!), C(coin[2]!), T(ticker[0]!), X(exchange[0]!)]);

    expect((await get<Entry[]>(`favorite/coin/delete?_id=${coin[1]}`, u.token)).body.data).toEqual([
      C(coin[0]!),
      C(coin[2]!),
      T(ticker[0]!),
      X(exchange[0]!),
    ]);
    await get(`favorite/tickers/delete?ticker=${ticker[0]}`, u.token);
    await get(`favorite/exchange/delete?exchange=${exchange[0]}`, u.token);
    expect(await ids(u)).toEqual([C(coin[0]!), C(coin[2]!)]);
    // Not in the list (or not even a coin): nothing changes, still code 0.
    const again = await get<Entry[]>(`favorite/coin/delete?_id=${coin[1]}`, u.token);
    expect([again.status, again.body.data]).toEqual([200, [C(coin[0]!), C(coin[2]!)]]);
    // A ticker id is not a coin id: the type matters.
    await post('favorite/tickers/saveMore', { ids: [ticker[1]] }, u.token);
    await get(`favorite/coin/delete?_id=${ticker[1]}`, u.token);
    expect(await ids(u)).toContainEqual(T(ticker[1]!));
  });

  it('refuses unknown ids naming them, and saves none of the request', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0]] }, u.token);
    const before = await stored(u);
    for (const [path, body, named] of [
      ['favorite/coin/saveMore', { ids: [coin[1], 'no-such-coin-xyz'] }, 'no-such-coin-xyz'],
      ['favorite/tickers/saveMore', { ids: [ticker[0], '999999999'] }, '999999999'],
      ['favorite/tickers/saveMore', { ids: ['abc'] }, 'abc'],
      ['favorite/exchange/saveMore', { ids: ['nowhere-exchange', exchange[0]] }, 'nowhere-exchange'],
      // A coin's slug is not an exchange's name.
      ['favorite/exchange/saveMore', { ids: [coin[0]] }, coin[0]],
    ] as const) {
      const res = await post(path, body, u.token);
      expect([path, res.status, res.body.code]).toEqual([path, 400, 4101]);
      expect(res.body.msg).toContain(named);
      expect(res.body.msg).toMatch(/do not exist/);
    }
    const zh = await call('POST', `${V1}/favorite/coin/saveMore?lan=zh`, {
      json: { ids: ['nope-zz'] },
      token: u.token,
    });
    expect(zh.body.msg).toMatch(/不存在.*nope-zz/);
    expect(await stored(u)).toEqual(before);
  });

  it('refuses malformed bodies and parameters with 400 and no change', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0]] }, u.token);
    const before = await stored(u);
    const bad: unknown[] = [
      {},
      { ids: [] },
      { ids: 'bitcoin' },
      { ids: [1, 2] },
      { ids: [''] },
      { ids: [null] },
      [coin[1]],
      'x',
      null,
    ];
    for (const body of bad) {
      const res = await post('favorite/coin/saveMore', body, u.token);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg.length).toBeGreaterThan(5);
    }
    const raw = await call('POST', `${V1}/favorite/coin/saveMore`, { raw: '{"ids": [', token: u.token });
    expect(raw.status).toBe(400);
    const tooMany = await post(
      'favorite/coin/saveMore',
      { ids: Array.from({ length: 501 }, (_, i) => `c${i}`) },
      u.token,
    );
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, 'Send at most 500 items at a time.']);
    for (const path of [
      'favorite/coin/delete',
      'favorite/coin/delete?_id=',
      'favorite/tickers/delete?_id=1',
      'favorite/exchange/delete?ticker=x',
    ]) {
      const res = await get(path, u.token);
      expect([path, res.status]).toEqual([path, 400]);
    }
    expect(await stored(u)).toEqual(before);
  });

  it('caps a list at 500 entries: the request that would pass it is refused whole', async () => {
    const u = await signedInUser(db());
    const many = await db().select({ id: tickers.id }).from(tickers).orderBy(asc(tickers.id)).limit(500);
    expect(many).toHaveLength(500);
    await db()
      .insert(favourites)
      .values(
        many
          .slice(0, 499)
          .map((t, i) => ({ userId: u.id, kind: 'TICKER' as const, target: String(t.id), position: i })),
      );
    const over = await post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, u.token);
    expect([over.status, over.body.code, over.body.msg]).toEqual([
      400,
      4102,
      'Your favourites list holds at most 500 items. Remove some before adding more.',
    ]);
    expect(await stored(u)).toHaveLength(499);
    // Entries already there do not count twice.
    const ok = await post<Entry[]>(
      'favorite/tickers/saveMore',
      { ids: [String(many[0]!.id), String(many[499]!.id)] },
      u.token,
    );
    expect(ok.body.data).toHaveLength(500);
    expect(ok.body.data.at(-1)).toEqual(T(String(many[499]!.id)));
    const full = await post('favorite/exchange/saveMore', { ids: [exchange[0]] }, u.token);
    expect([full.status, full.body.code]).toEqual([400, 4102]);
    const sync = await post('favorite/tickers/sync', { tickers: { [coin[0]!]: 'coin' } }, u.token);
    expect([sync.status, sync.body.code]).toEqual([400, 4102]);
    expect(await stored(u)).toHaveLength(500);
  });
});

describe('saveCoinAndTickers (batch save replaces the list) and sync (merge)', () => {
  it('saveCoinAndTickers makes the list exactly the batch: kept entries keep their order, new ones follow', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0], coin[1], coin[2]] }, u.token);
    const res = await post<Entry[]>(
      'favorite/tickers/saveCoinAndTickers',
      { tickers: { [coin[3]!]: 'COIN', [coin[2]!]: 'COIN', [exchange[1]!]: 'EXCHANGE', [coin[0]!]: 'COIN' } },
      u.token,
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual([C(coin[0]!), C(coin[2]!), C(coin[3]!), X(exchange[1]!)]);
    expect(await ids(u)).toEqual(res.body.data);
    const empty = await post<Entry[]>('favorite/tickers/saveCoinAndTickers', { tickers: {} }, u.token);
    expect(empty.body.data).toEqual([]);
  });

  it('saveCoinAndTickers refuses unknown ids, wrong types and bad bodies, changing nothing', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0]] }, u.token);
    const before = await stored(u);
    const cases: [unknown, number][] = [
      [{ tickers: { [coin[1]!]: 'COIN', 'ghost-coin': 'COIN' } }, 4101],
      [{ tickers: { [coin[1]!]: 'coin' } }, 400], // only sync upper-cases
      [{ tickers: { [coin[1]!]: 'TOKEN' } }, 400],
      [{ tickers: [coin[1]] }, 400],
      [{ tickers: 'x' }, 400],
      [{}, 400],
      [{ tickers: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`c${i}`, 'COIN'])) }, 400],
    ];
    for (const [body, code] of cases) {
      const res = await post('favorite/tickers/saveCoinAndTickers', body, u.token);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.code]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        code,
      ]);
    }
    const typed = await post('favorite/tickers/saveCoinAndTickers', { tickers: { [coin[1]!]: 'TOKEN' } }, u.token);
    expect(typed.body.msg).toBe(`The type of ${coin[1]} must be COIN, TICKER or EXCHANGE.`);
    expect(await stored(u)).toEqual(before);
  });

  it('sync upper-cases types, merges after the server list, dedupes and skips ids that name nothing', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, u.token);
    const res = await post<Entry[]>(
      'favorite/tickers/sync',
      {
        tickers: {
          [coin[2]!]: 'coin',
          [coin[0]!]: 'Coin',
          [ticker[0]!]: 'ticker',
          'gone-coin': 'COIN',
          [exchange[0]!]: 'EXCHANGE',
        },
      },
      u.token,
    );
    expect(res.body.code).toBe(0);
    // JSON.parse puts integer-like keys (ticker ids) first: they come first among the new entries.
    expect(res.body.data).toEqual([C(coin[0]!), C(coin[1]!), T(ticker[0]!), C(coin[2]!), X(exchange[0]!)]);
    const again = await post<Entry[]>('favorite/tickers/sync', { tickers: { [coin[2]!]: 'COIN' } }, u.token);
    expect(again.body.data).toEqual(res.body.data);
    const bad = await post('favorite/tickers/sync', { tickers: { [coin[3]!]: 'thing' } }, u.token);
    expect(bad.status).toBe(400);
    expect(await ids(u)).toEqual(res.body.data);
  });
});

describe('changeIndex', () => {
  it('takes a permutation of the list (ids=TYPE:id,…) and answers the new list', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, u.token);
    await post('favorite/tickers/saveMore', { ids: [ticker[0]] }, u.token);
    await post('favorite/exchange/saveMore', { ids: [exchange[0]] }, u.token);
    const order = `EXCHANGE:${exchange[0]},COIN:${coin[1]},TICKER:${ticker[0]},coin:${coin[0]}`;
    const res = await get<Entry[]>(`favorite/changeIndex?ids=${encodeURIComponent(order)}`, u.token);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual([X(exchange[0]!), C(coin[1]!), T(ticker[0]!), C(coin[0]!)]);
    expect(await ids(u)).toEqual(res.body.data);
    expect((await stored(u)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
    // Appends go after the new last position.
    await post('favorite/coin/saveMore', { ids: [coin[2]] }, u.token);
    expect((await ids(u)).at(-1)).toEqual(C(coin[2]!));
  });

  it('refuses anything but a permutation of the current list, changing nothing', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, u.token);
    const before = await stored(u);
    const cases = [
      `COIN:${coin[0]}`, // missing one
      `COIN:${coin[0]},COIN:${coin[1]},COIN:${coin[2]}`, // one more
      `COIN:${coin[0]},COIN:${coin[0]}`, // duplicate
      `COIN:${coin[0]},TICKER:${coin[1]}`, // wrong type
      `COIN:${coin[0]},${coin[1]}`, // no type
      `COIN:${coin[0]},THING:${coin[1]}`,
      '',
    ];
    for (const order of cases) {
      const res = await get(`favorite/changeIndex?ids=${encodeURIComponent(order)}`, u.token);
      expect([order, res.status]).toEqual([order, 400]);
    }
    const missing = await get('favorite/changeIndex', u.token);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('ids=TYPE:id');
    const stale = await get(`favorite/changeIndex?ids=${encodeURIComponent(`COIN:${coin[1]}`)}`, u.token);
    expect([stale.body.code, stale.body.msg]).toEqual([
      4103,
      'The new order must list exactly the items of your favourites, each once. Reload your list and try again.',
    ]);
    expect(await stored(u)).toEqual(before);
    const emptyUser = await signedInUser(db());
    expect((await get<Entry[]>('favorite/changeIndex?ids=', emptyUser.token)).body).toMatchObject({
      code: 0,
      data: [],
    });
  });
});

describe('isolation between users', () => {
  it("another user's deletes, batch saves, syncs and reorders never touch my list", async () => {
    const a = await signedInUser(db());
    const b = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, a.token);
    await post('favorite/tickers/saveMore', { ids: [ticker[0]] }, a.token);
    const mine = await stored(a);
    expect(await ids(b)).toEqual([]);
    await get(`favorite/coin/delete?_id=${coin[0]}`, b.token);
    await get(`favorite/tickers/delete?ticker=${ticker[0]}`, b.token);
    await post('favorite/tickers/saveCoinAndTickers', { tickers: { [coin[2]!]: 'COIN' } }, b.token);
    await post('favorite/tickers/sync', { tickers: { [coin[3]!]: 'COIN' } }, b.token);
    const reorder = await get(
      `favorite/changeIndex?ids=${encodeURIComponent(`COIN:${coin[1]},COIN:${coin[0]},TICKER:${ticker[0]}`)}`,
      b.token,
    );
    expect(reorder.status).toBe(400); // not B's list
    expect(await stored(a)).toEqual(mine);
    expect(await ids(b)).toEqual([C(coin[2]!), C(coin[3]!)]);
    expect((await get<Entry[]>('favorite/tickers/getIds', a.token)).body.data).toEqual([
      C(coin[0]!),
      C(coin[1]!),
      T(ticker[0]!),
    ]);
  });

  it('two concurrent appends of one user leave no duplicate positions', async () => {
    const u = await signedInUser(db());
    await Promise.all([
      post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, u.token),
      post('favorite/coin/saveMore', { ids: [coin[2], coin[1]] }, u.token),
    ]);
    const rows = await stored(u);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.position)).size).toBe(3);
  });
});

describe('entries whose target is gone (a reseed or an import dropped it)', () => {
  it('are left out of every answer and deleted by the next change, so changeIndex takes the list the client sees', async () => {
    const u = await signedInUser(db());
    await post('favorite/coin/saveMore', { ids: [coin[0], coin[1]] }, u.token);
    await db()
      .insert(favourites)
      .values([
        { userId: u.id, kind: 'TICKER', target: '2000000000', position: 1 },
        { userId: u.id, kind: 'COIN', target: 'vanished-coin', position: 5 },
        { userId: u.id, kind: 'EXCHANGE', target: 'vanished-exchange', position: 6 },
      ]);
    expect(await ids(u)).toEqual([C(coin[0]!), C(coin[1]!)]);
    const res = await get<Entry[]>(
      `favorite/changeIndex?ids=${encodeURIComponent(`COIN:${coin[1]},COIN:${coin[0]}`)}`,
      u.token,
    );
    expect(res.body).toMatchObject({ code: 0, data: [C(coin[1]!), C(coin[0]!)] });
    expect((await stored(u)).map((r) => r.target)).toEqual([coin[1], coin[0]]);
  });
});

describe('tickersByIds (no auth)', () => {
  it('answers the live rows in the order given, in the shapes of the list APIs, skipping unknown ids', async () => {
    const res = await post<{ id: string; type: string; row: Record<string, unknown> }[]>(
      'favorite/tickers/tickersByIds',
      {
        tickers: {
          [coin[1]!]: 'COIN',
          'no-such-coin': 'COIN',
          [exchange[0]!]: 'exchange',
          [ticker[0]!]: 'TICKER',
          '99999999': 'TICKER',
          [coin[0]!]: 'COIN',
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => `${r.type}:${r.id}`)).toEqual([
      `TICKER:${ticker[0]}`,
      `COIN:${coin[1]}`,
      `EXCHANGE:${exchange[0]}`,
      `COIN:${coin[0]}`,
    ]);
    const [t, c1, x] = res.body.data;
    const coinsList = await call<{ list: Record<string, unknown>[] }>('GET', `/api/v1/coins?size=100`);
    const listed = coinsList.body.data.list.find((r) => r.id === coin[1]);
    expect(Object.keys(c1!.row).sort()).toEqual(Object.keys(listed!).sort());
    expect(c1!.row).toMatchObject({
      id: coin[1],
      symbol: expect.any(String),
      price: expect.any(Number),
      marketCap: expect.any(Number),
    });
    expect(t!.row).toMatchObject({
      id: Number(ticker[0]),
      pair: expect.any(String),
      exchange: expect.any(String),
      price: expect.any(Number),
    });
    const pairs = await call<{ list: Record<string, unknown>[] }>('GET', `/api/v1/tickers?size=10`);
    expect(Object.keys(t!.row).sort()).toEqual(Object.keys(pairs.body.data.list[0]!).sort());
    expect(x!.row).toMatchObject({ name: exchange[0], pairCount: expect.any(Number) });
    const exchangeList = await call<{ list: Record<string, unknown>[] }>('GET', `/api/v1/exchanges?size=10`);
    expect(Object.keys(x!.row).sort()).toEqual(Object.keys(exchangeList.body.data.list[0]!).sort());
  });

  it('refuses more than 500 ids, bad types and bad bodies', async () => {
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`c${i}`, 'COIN']));
    expect((await post('favorite/tickers/tickersByIds', { tickers: many })).status).toBe(400);
    expect((await post('favorite/tickers/tickersByIds', { tickers: { bitcoin: 'TOKEN' } })).status).toBe(400);
    expect((await post('favorite/tickers/tickersByIds', { ids: ['bitcoin'] })).status).toBe(400);
    expect((await post('favorite/tickers/tickersByIds', { tickers: {} })).body).toMatchObject({ code: 0, data: [] });
  });
});
