import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rates } from '../../src/server/db/schema/index.ts';
import { FIAT_SYMBOLS, parseRates, refreshFiatRates } from '../../src/server/rates/fiat.ts';
import { apiHarness } from './helpers.ts';

const { get, db } = apiHarness();

// A fake rates source: each test sets what it answers (or that it never answers).
let reply: { status?: number; type?: string; body: string } | 'hang' = { body: '{}' };
let hits = 0;
const server = http.createServer((_req, res) => {
  hits += 1;
  if (reply === 'hang') return; // never answers: the refresher must give up on its own
  res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'application/json' });
  res.end(reply.body);
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const DAY = 24 * 60 * 60 * 1000;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

async function stored() {
  const rows = await db()
    .select()
    .from(rates)
    .where(inArray(rates.symbol, [...FIAT_SYMBOLS]));
  return Object.fromEntries(rows.map((r) => [r.symbol, { rate: Number(r.rate), at: r.updatedAt.getTime() }]));
}

/** Makes the stored fiat rates two days old, so a refresh is due. */
async function age(ms = 2 * DAY) {
  await db()
    .update(rates)
    .set({ updatedAt: new Date(Date.now() - ms) })
    .where(inArray(rates.symbol, [...FIAT_SYMBOLS]));
}

const good = {
  result: 'success',
  base_code: 'USD',
  time_last_update_unix: 1795900000,
  rates: { USD: 1, CNY: 7.2345, JPY: 151.2, KRW: 1401.5, HKD: 7.781, TWD: 32.45, EUR: 0.9312, GBP: 0.79 },
};

beforeEach(() => {
  hits = 0;
  lines.length = 0;
});

describe('parseRates', () => {
  it('reads the open.er-api JSON shape, and a table in another base through its USD rate', () => {
    expect(parseRates(JSON.stringify(good)).rates).toEqual({
      CNY: 7.2345,
      JPY: 151.2,
      KRW: 1401.5,
      HKD: 7.781,
      TWD: 32.45,
      EUR: 0.9312,
    });
    const eur = parseRates(JSON.stringify({ base: 'EUR', rates: { USD: 1.25, CNY: 9 } })).rates;
    expect(eur.CNY).toBeCloseTo(7.2, 10);
    expect(eur.EUR).toBeCloseTo(0.8, 10);
  });

  it('reads the ECB daily XML (base EUR, no TWD)', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope><Cube><Cube time='2026-11-23'>
      <Cube currency='USD' rate='1.0500'/><Cube currency='JPY' rate='158.76'/><Cube currency='KRW' rate='1470.9'/>
      <Cube currency='CNY' rate='7.5915'/><Cube currency='HKD' rate='8.1690'/></Cube></Cube></gesmes:Envelope>`;
    const r = parseRates(xml).rates;
    expect(r.EUR).toBeCloseTo(1 / 1.05, 10);
    expect(r.CNY).toBeCloseTo(7.5915 / 1.05, 10);
    expect(r.TWD).toBeUndefined();
  });

  it('refuses error answers, other documents and tables without USD', () => {
    expect(() => parseRates('{"result":"error","error-type":"unsupported-code"}')).toThrow(/result=error/);
    expect(() => parseRates('<html><body>Service unavailable</body></html>')).toThrow();
    expect(() => parseRates('not rates')).toThrow();
    expect(() => parseRates('{"base":"EUR","rates":{"CNY":7.6}}')).toThrow(/no USD/);
    expect(() => parseRates('{"rates":{"CNY":-1,"JPY":"abc"}}')).toThrow(/none of the currencies/);
  });
});

describe('refreshFiatRates against a fake source', () => {
  it('leaves rates younger than a day alone without asking the source', async () => {
    await age(DAY / 2);
    reply = { body: JSON.stringify(good) };
    const r = await refreshFiatRates(db(), { url, timeoutMs: 2000, log });
    expect(r.status).toBe('fresh');
    expect(hits).toBe(0);
  });

  it('stores a valid answer for every fiat currency with the time of the refresh', async () => {
    await age();
    reply = { body: JSON.stringify(good) };
    const before = Date.now();
    const r = await refreshFiatRates(db(), { url, timeoutMs: 2000, log });
    expect(r).toEqual({ status: 'updated', symbols: ['CNY', 'JPY', 'KRW', 'HKD', 'TWD', 'EUR'] });
    expect(hits).toBe(1);
    const now = await stored();
    expect(now.CNY!.rate).toBe(7.2345);
    expect(now.TWD!.rate).toBe(32.45);
    for (const s of FIAT_SYMBOLS) expect(now[s]!.at).toBeGreaterThanOrEqual(before - 1000);
    // The exchange-rate API serves them (USD still 1) with the new fiat time.
    const api = await get<{ rates: Record<string, number>; fiatTimestamp: number }>(
      '/api/v1/data/exrate?symbols=CNY,USD,EUR',
      { signed: false },
    );
    expect(api.body.data.rates).toMatchObject({ CNY: 7.2345, USD: 1, EUR: 0.9312 });
    expect(api.body.data.fiatTimestamp).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps the stored rates and logs on an invalid answer, an HTTP error or an implausible move', async () => {
    for (const bad of [
      { body: '<html>maintenance</html>', type: 'text/html' },
      { body: '{"rates":', type: 'application/json' },
      { status: 503, body: 'busy' },
      { body: JSON.stringify({ ...good, rates: { ...good.rates, KRW: 14.015 } }) },
    ]) {
      await age();
      const was = await stored();
      reply = bad;
      const r = await refreshFiatRates(db(), { url, timeoutMs: 2000, log });
      expect(r.status, bad.body).toBe('failed');
      expect(await stored()).toEqual(was);
    }
    expect(lines.length).toBe(4);
    expect(lines.every((l) => l.startsWith('[rates] fiat refresh from') && l.includes('stored rates kept'))).toBe(true);
    expect(lines.join('\n')).toContain('HTTP 503');
    expect(lines.join('\n')).toContain('KRW would move');
  });

  it('gives up on a source that does not answer in time, keeping the stored rates', async () => {
    await age();
    const was = await stored();
    reply = 'hang';
    const started = Date.now();
    const r = await refreshFiatRates(db(), { url, timeoutMs: 300, log });
    expect(r).toEqual({ status: 'failed', error: 'timed out after 300 ms' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await stored()).toEqual(was);
  });

  it('keeps a rate the source lacks (ECB has no TWD) and says so', async () => {
    await age();
    const was = await stored();
    reply = {
      type: 'application/xml',
      body: "<Cube><Cube currency='USD' rate='1.05'/><Cube currency='CNY' rate='7.5915'/></Cube>",
    };
    const r = await refreshFiatRates(db(), { url, timeoutMs: 2000, log });
    expect(r).toEqual({ status: 'updated', symbols: ['CNY', 'EUR'] });
    const now = await stored();
    expect(now.CNY!.rate).toBeCloseTo(7.23, 2);
    expect(now.TWD).toEqual(was.TWD);
    expect(lines.some((l) => l.includes('has no JPY, KRW, HKD, TWD'))).toBe(true);
  });

  it('never throws when the source cannot be reached at all', async () => {
    await age();
    const r = await refreshFiatRates(db(), { url: 'http://127.0.0.1:1/none', timeoutMs: 2000, log });
    expect(r.status).toBe('failed');
  });
});
