import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeUpstream, type FakeUpstream } from '../../../../tests/setup/fakeUpstream.ts';
import { SourceError, SourceHttp, defaultSleep, retryAfterMs, toNumber, type HttpOptions } from './http.ts';

const list = z.array(z.object({ symbol: z.string(), price: z.string() }));
const envelope = z.object({ code: z.string(), msg: z.string(), data: z.array(z.unknown()) });
const ROWS = [{ symbol: 'BTCUSDT', price: '96512.34' }];
const T0 = Date.parse('2026-11-24T12:00:00Z');

let up: FakeUpstream;
let clock: number;
let waits: number[];

function client(extra: Partial<HttpOptions> = {}) {
  return new SourceHttp({
    name: 'fake',
    baseUrl: up.url,
    budget: { limit: 1000, windowMs: 60_000 },
    banStatuses: [418],
    backoffMs: 100,
    random: () => 0.5,
    now: () => clock,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('resolved'),
    (e: unknown) => e as SourceError,
  );

beforeEach(async () => {
  clock = T0;
  waits = [];
  up = await startFakeUpstream();
});
afterEach(() => up.close());

describe('SourceHttp retries', () => {
  it('waits the announced Retry-After after a 429, then succeeds', async () => {
    up.route('/rows', [{ status: 429, headers: { 'retry-after': '2' } }, { body: ROWS }]);
    expect(await client().get('/rows', { schema: list })).toEqual(ROWS);
    expect(waits).toEqual([2000]);
    expect(up.requests).toHaveLength(2);
  });

  it('backs off exponentially with jitter after 5xx', async () => {
    up.route('/rows', [{ status: 500 }, { status: 503 }, { body: ROWS }]);
    expect(await client().get('/rows', { schema: list })).toEqual(ROWS);
    // 100 ms × 2^attempt × (0.5 + random 0.5)
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after `retries` and reports the last failure', async () => {
    up.route('/rows', { status: 502 });
    const e = await failure(client({ retries: 1 }).get('/rows', { schema: list }));
    expect([e.message, e.status, up.requests.length]).toEqual(['fake: HTTP 502', 502, 2]);
  });

  it('does not retry other 4xx', async () => {
    up.route('/rows', { status: 404 });
    const e = await failure(client().get('/rows', { schema: list }));
    expect([e.status, up.requests.length, waits]).toEqual([404, 1, []]);
  });

  it('never retries a ban, and makes no request until its Retry-After has passed', async () => {
    up.route('/rows', [{ status: 418, headers: { 'retry-after': '120' } }, { body: ROWS }]);
    const http = client();
    const e = await failure(http.get('/rows', { schema: list }));
    expect(e).toBeInstanceOf(SourceError);
    expect([e.status, e.message, up.requests.length, waits]).toEqual([
      418,
      'fake: banned (HTTP 418); not retried',
      1,
      [],
    ]);
    clock += 119_000;
    expect((await failure(http.get('/rows', { schema: list }))).message).toMatch(
      /resting .* until 2026-11-24T12:02:00.000Z/,
    );
    expect(up.requests).toHaveLength(1);
    clock += 1_000;
    expect(await http.get('/rows', { schema: list })).toEqual(ROWS);
    expect(up.requests).toHaveLength(2);
  });

  it('rests instead of retrying when a 429 asks for longer than maxRetryWaitMs', async () => {
    up.route('/rows', { status: 429, headers: { 'retry-after': '60' } });
    const http = client({ maxRetryWaitMs: 10_000 });
    expect((await failure(http.get('/rows', { schema: list }))).status).toBe(429);
    expect([up.requests.length, waits]).toEqual([1, []]);
    await expect(http.get('/rows', { schema: list })).rejects.toThrow(/resting/);
    expect(up.requests).toHaveLength(1);
  });

  it('times out slow answers and retries them', async () => {
    up.route('/rows', { body: ROWS, delayMs: 400 });
    const e = await failure(client({ timeoutMs: 100, retries: 1 }).get('/rows', { schema: list }));
    expect(e.message).toBe('fake: timed out after 100 ms');
    expect(up.requests).toHaveLength(2);
  });

  it('reports a failed connection as a SourceError', async () => {
    const url = up.url;
    await up.close();
    const e = await failure(client({ baseUrl: url, retries: 0 }).get('/rows', { schema: list }));
    expect(e.message).toMatch(/^fake: request failed/);
    up = await startFakeUpstream();
  });
});

describe('SourceHttp validation', () => {
  it('does not retry malformed JSON', async () => {
    up.route('/rows', { body: '<html>502 Bad Gateway</html>' });
    const e = await failure(client().get('/rows', { schema: list }));
    expect(e.message).toBe('fake: malformed JSON (<html>502 Bad Gateway</html>…)');
    expect(up.requests).toHaveLength(1);
  });

  it('rejects a payload of the wrong shape, such as a deprecation notice', async () => {
    up.route('/rows', { body: { error: 'This API version is deprecated, please use v3.' } });
    const e = await failure(client().get('/rows', { schema: list }));
    expect(e.message).toBe('fake: unexpected payload: (root): Expected array, received object');
    expect(up.requests).toHaveLength(1);
  });

  it('names the field that changed', async () => {
    up.route('/rows', { body: [...ROWS, { symbol: 'ETHUSDT', price: 3421.57 }] });
    await expect(client().get('/rows', { schema: list })).rejects.toThrow(
      'fake: unexpected payload: 1.price: Expected string, received number',
    );
  });

  it('does not read an answer larger than maxBytes, declared or streamed', async () => {
    const big = JSON.stringify(Array.from({ length: 200 }, () => ROWS[0]));
    up.route('/rows', { body: big });
    const e = await failure(client({ maxBytes: 1024, retries: 0 }).get('/rows', { schema: list }));
    expect(e.message).toBe('fake: answer larger than 1 KB; not read');
    // Without a length announced (chunked), it stops reading past the limit.
    up.route('/rows', { body: big, headers: { 'transfer-encoding': 'chunked' } });
    expect((await failure(client({ maxBytes: 1024, retries: 0 }).get('/rows', { schema: list }))).message).toBe(
      'fake: answer larger than 1 KB; not read',
    );
    expect(await client({ maxBytes: big.length }).get('/rows', { schema: list })).toHaveLength(200);
  });

  it('accepts an empty list', async () => {
    up.route('/rows', { body: [] });
    const http = client();
    expect(await http.get('/rows', { schema: list })).toEqual([]);
    expect(http.state().status).toBe('ok');
  });

  it('sends the query and skips undefined values', async () => {
    up.route('/rows', { body: ROWS });
    await client({ baseUrl: `${up.url}/` }).get('/rows', {
      schema: list,
      query: { symbol: 'BTCUSDT', limit: 5, type: undefined },
    });
    expect(up.requests[0]!.path).toBe('/rows');
    expect(Object.fromEntries(up.requests[0]!.query)).toEqual({ symbol: 'BTCUSDT', limit: '5' });
  });
});

describe('SourceHttp error envelopes (check)', () => {
  const check = (body: z.output<typeof envelope>) =>
    body.code === '0' ? null : { message: `code ${body.code}: ${body.msg}`, retry: body.code === '50011' };

  it('fails without retrying when the source says so', async () => {
    up.route('/env', { body: { code: '51001', msg: 'Instrument ID does not exist', data: [] } });
    const e = await failure(client().get('/env', { schema: envelope, check }));
    expect([e.message, e.status, up.requests.length]).toEqual([
      'fake: code 51001: Instrument ID does not exist',
      200,
      1,
    ]);
  });

  it('retries when the error may pass', async () => {
    up.route('/env', [
      { body: { code: '50011', msg: 'Too Many Requests', data: [] } },
      { body: { code: '0', msg: '', data: [1] } },
    ]);
    expect((await client().get('/env', { schema: envelope, check })).data).toEqual([1]);
    expect([up.requests.length, waits]).toEqual([2, [100]]);
  });
});

describe('SourceHttp budget and state', () => {
  it('refuses a request that would overspend the budget, without sending it', async () => {
    up.route('/rows', { body: ROWS });
    const http = client({ budget: { limit: 10, windowMs: 60_000 } });
    expect(http.limit()).toBe(5);
    await http.get('/rows', { schema: list, weight: 2 });
    await http.get('/rows', { schema: list, weight: 2 });
    await expect(http.get('/rows', { schema: list, weight: 2 })).rejects.toThrow(
      'fake: request budget spent (4 of 5 per 60 s)',
    );
    expect(up.requests).toHaveLength(2);
    clock += 60_000;
    expect(http.used()).toBe(0);
    await http.get('/rows', { schema: list, weight: 2 });
    expect(up.requests).toHaveLength(3);
  });

  it('counts the weight the source reports, until the window passes', async () => {
    up.route('/rows', [{ body: ROWS, headers: { 'x-mbx-used-weight-1m': '2950' } }, { body: ROWS }]);
    const http = client({ budget: { limit: 6000, windowMs: 60_000 }, usedWeightHeader: 'x-mbx-used-weight-1m' });
    await http.get('/rows', { schema: list });
    expect(http.used()).toBe(2950);
    // A later answer without the header does not forget the count.
    await http.get('/rows', { schema: list, weight: 40 });
    expect(http.used()).toBe(2950);
    await expect(http.get('/rows', { schema: list, weight: 80 })).rejects.toThrow(/budget spent/);
    expect(up.requests).toHaveLength(2);
    clock += 60_001;
    expect(http.used()).toBe(0);
  });

  it('moves from idle to ok to failing and back', async () => {
    up.route('/rows', [{ body: ROWS }, { status: 404 }, { body: ROWS }]);
    const http = client();
    expect(http.state()).toEqual({
      name: 'fake',
      status: 'idle',
      lastSuccessAt: null,
      lastError: null,
      budget: { used: 0, limit: 500, windowMs: 60_000 },
    });
    await http.get('/rows', { schema: list });
    expect(http.state()).toMatchObject({ status: 'ok', lastSuccessAt: T0, lastError: null, budget: { used: 1 } });
    // Same millisecond as the success: the latest outcome still wins.
    await http.get('/rows', { schema: list }).catch(() => {});
    expect(http.state()).toMatchObject({
      status: 'failing',
      lastSuccessAt: T0,
      lastError: { at: T0, message: 'fake: HTTP 404' },
    });
    await http.get('/rows', { schema: list });
    expect(http.state().status).toBe('ok');
  });

  it('all() waits for every request of a read and leaves the source failing when any failed', async () => {
    up.route('/rows', { body: ROWS });
    up.route('/slow', { body: ROWS, delayMs: 150 });
    up.route('/gone', { status: 404 });
    const http = client();
    const e = await failure(http.all([http.get('/slow', { schema: list }), http.get('/gone', { schema: list })]));
    expect(e.message).toBe('fake: HTTP 404');
    // The slow success landed after the failure (give a stray one time to land), yet the read failed as a whole.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(up.requests.map((r) => r.path).sort()).toEqual(['/gone', '/slow']);
    expect(http.state()).toMatchObject({ status: 'failing', lastError: { message: 'fake: HTTP 404' } });
    const [a, b] = await http.all([http.get('/rows', { schema: list }), http.get('/slow', { schema: list })]);
    expect([a, b]).toEqual([ROWS, ROWS]);
    expect(http.state().status).toBe('ok');
  });
});

describe('defaultSleep', () => {
  it('leaves no abort listener on the signal once the wait is over', async () => {
    const controller = new AbortController();
    for (let i = 0; i < 3; i++) await defaultSleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const cut = defaultSleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(cut).rejects.toThrow('stop');
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('120', T0)).toBe(120_000);
    expect(retryAfterMs(' 1.5 ', T0)).toBe(1_500);
    expect(retryAfterMs('Tue, 24 Nov 2026 12:00:30 GMT', T0)).toBe(30_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 11:59:00 GMT', T0)).toBe(0);
    expect(retryAfterMs('soon', T0)).toBeNull();
    expect(retryAfterMs(null, T0)).toBeNull();
    expect(retryAfterMs('', T0)).toBeNull();
  });
});

describe('toNumber', () => {
  it('reads decimal strings and refuses the rest', () => {
    expect(toNumber('96512.34000000')).toBe(96512.34);
    expect(toNumber(0.5)).toBe(0.5);
    expect(toNumber('')).toBeNull();
    expect(toNumber('NaN')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber(undefined)).toBeNull();
  });
});
