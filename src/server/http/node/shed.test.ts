import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  createRateLimiter,
  createWorkQueue,
  isExpensive,
  settleClientAddress,
  shedSettings,
} from './shed.mjs';

describe('clientAddress', () => {
  const req = (xff?: string) => ({
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    socket: { remoteAddress: '10.0.0.2' },
  });

  it('is the socket peer unless a proxy is trusted', () => {
    expect(clientAddress(req('6.6.6.6'), false)).toBe('10.0.0.2');
    expect(clientAddress(req(), true)).toBe('10.0.0.2');
  });

  it('behind a trusted proxy, is the address the proxy appended, not one the client chose', () => {
    expect(clientAddress(req('203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(req('6.6.6.6, 203.0.113.9'), true)).toBe('203.0.113.9');
  });

  it('leaves X-Forwarded-For holding only that address, so the app reads the same one', () => {
    const trusted = req('6.6.6.6, 203.0.113.9');
    expect(settleClientAddress(trusted, true)).toBe('203.0.113.9');
    expect(trusted.headers).toEqual({ 'x-forwarded-for': '203.0.113.9' });
    const untrusted = req('6.6.6.6');
    expect(settleClientAddress(untrusted, false)).toBe('10.0.0.2');
    expect(untrusted.headers).toEqual({});
  });
});

describe('isExpensive', () => {
  it.each([
    ['/search?q=btc', true],
    ['/zh-hk/search?q=btc', true],
    ['/search', true],
    ['/api/v1/search?q=btc&t=1', true],
    ['/api/v1/search/content?q=btc', true],
    ['/api/v1/quick_search/coin?q=b', true],
    ['/api/v1/wiki?q=chain', true],
    ['/baike?q=chain', true],
    ['/zh/news?q=etf', true],
    ['/api/v1/klines?coin=bitcoin&from=0&to=1700000000000', true],
    ['/api/v1/klines?coin=bitcoin&interval=1d&range=ALL', true],
    ['/api/v1/klines?coin=bitcoin&interval=15m', true],
    ['/kline/BTC?range=1Y', true],
    ['/news?page=51', true],
    ['/cards/en/coin/bitcoin.png', true],
    ['/zh/cards/zh/article/12.png', true],
    ['/api/v1/coins?page=9999', true],
    // Cheap: ordinary pages and API calls, short kline ranges, empty filters, the probe, streams.
    ['/', false],
    ['/zh/coin/bitcoin', false],
    ['/news?page=2', false],
    ['/baike?q=', false],
    ['/api/v1/klines?coin=bitcoin&interval=1h&range=1M', false],
    ['/kline/BTC', false],
    ['/api/health?q=x', false],
    ['/api/stream/prices?symbols=bitcoin', false],
    ['/api/v1/coins?page=1&size=50', false],
  ])('%s → %s', (url, expensive) => {
    expect(isExpensive('GET', url)).toBe(expensive);
  });

  it('counts reads, and of writes only the portfolio posts that value a whole list', () => {
    expect(isExpensive('POST', '/api/v1/search?q=x')).toBe(false);
    expect(isExpensive('POST', '/api/new/v1/portfolio/transaction/add?t=1')).toBe(false);
    // …but valuing or checking a whole portfolio is a read of many rows.
    expect(isExpensive('POST', '/api/new/v1/portfolio/evaluate?t=1&range=1y')).toBe(true);
    expect(isExpensive('POST', '/api/new/v1/portfolio/import')).toBe(true);
    expect(isExpensive('HEAD', '/search?q=x')).toBe(true);
  });
});

describe('createRateLimiter', () => {
  it('allows a burst, then refills at the rate, per client, saying when to come back', () => {
    let clock = 0;
    const limiter = createRateLimiter({ burst: 3, perSecond: 0.5, now: () => clock });
    for (let i = 0; i < 3; i++) expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfter: 2 });
    // Another client is not affected.
    expect(limiter.take('b')).toEqual({ ok: true });
    clock = 1000;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfter: 1 });
    clock = 2000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a').ok).toBe(false);
  });

  it('stays bounded, sweeping clients whose bucket is full again first', () => {
    let clock = 0;
    const limiter = createRateLimiter({ burst: 2, perSecond: 1, maxKeys: 100, now: () => clock });
    for (let i = 0; i < 1000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(100);
    limiter.take('busy');
    limiter.take('busy');
    clock = 1500; // every other bucket has refilled; busy has not
    limiter.sweep();
    expect(limiter.size).toBe(1);
    expect(limiter.take('busy')).toEqual({ ok: true });
    expect(limiter.take('busy').ok).toBe(false);
  });
});

describe('createWorkQueue', () => {
  /** Timers run by hand: the queue's waits are exercised without sleeping. */
  function manualTimers() {
    const timers = new Map<number, () => void>();
    let next = 1;
    return {
      setTimer: ((fn: () => void) => {
        timers.set(next, fn);
        return next++;
      }) as unknown as typeof setTimeout,
      clearTimer: ((id: number) => timers.delete(id)) as unknown as typeof clearTimeout,
      fireAll: () => {
        for (const [id, fn] of [...timers]) {
          timers.delete(id);
          fn();
        }
      },
      get pending() {
        return timers.size;
      },
    };
  }

  it('runs N at once; the next waits and gets the first slot freed', async () => {
    const timers = manualTimers();
    const queue = createWorkQueue({ concurrency: 2, maxWaitMs: 1000, ...timers });
    const a = await queue.acquire();
    const b = await queue.acquire();
    expect(a && b).toBeTruthy();
    let third: (() => void) | null | undefined;
    const waiting = queue.acquire().then((r) => (third = r));
    await Promise.resolve();
    expect(third).toBeUndefined();
    expect(queue.stats()).toEqual({ active: 2, waiting: 1 });
    a!();
    a!(); // releasing twice frees one slot only
    await waiting;
    expect(typeof third).toBe('function');
    expect(timers.pending).toBe(0);
    expect(queue.stats()).toEqual({ active: 2, waiting: 0 });
    b!();
    third!();
    expect(queue.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it('gives up on a wait that runs out, and refuses at once when the waiting line is full', async () => {
    const timers = manualTimers();
    const queue = createWorkQueue({ concurrency: 1, maxWaitMs: 1000, maxQueue: 1, ...timers });
    const held = await queue.acquire();
    const waiter = queue.acquire();
    expect(await queue.acquire()).toBeNull(); // line full
    timers.fireAll();
    expect(await waiter).toBeNull();
    expect(queue.stats()).toEqual({ active: 1, waiting: 0 });
    held!();
    expect(typeof (await queue.acquire())).toBe('function');
  });
});

describe('shedSettings', () => {
  it('has defaults and refuses nonsense', () => {
    expect(shedSettings({})).toEqual({ burst: 30, perSecond: 1, concurrency: 2, maxWaitMs: 2000 });
    expect(
      shedSettings({
        EXPENSIVE_BURST: '5',
        EXPENSIVE_PER_MINUTE: '6',
        EXPENSIVE_CONCURRENCY: '2',
        EXPENSIVE_QUEUE_MS: '0',
      }),
    ).toEqual({ burst: 5, perSecond: 0.1, concurrency: 2, maxWaitMs: 0 });
    expect(() => shedSettings({ EXPENSIVE_CONCURRENCY: '0' })).toThrow(/EXPENSIVE_CONCURRENCY/);
    expect(() => shedSettings({ EXPENSIVE_BURST: 'lots' })).toThrow(/EXPENSIVE_BURST/);
  });
});
