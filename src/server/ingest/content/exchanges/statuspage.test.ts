import { describe, expect, it } from 'vitest';
import { SourceError } from '../../sources/http.ts';
import { coinbase } from './coinbase.ts';
import { fakeHttp, recorded } from './fakeFetch.ts';
import { kraken } from './kraken.ts';
import type { AnnouncementAdapter } from './types.ts';

const INCIDENTS = '/api/v2/incidents.json';
const MAINTENANCES = '/api/v2/scheduled-maintenances.json';
const read = async (adapter: AnnouncementAdapter, exchange: string, incidents: string, maintenances: string) => {
  const { http, requests } = fakeHttp(adapter, {
    [INCIDENTS]: recorded(exchange, incidents),
    [MAINTENANCES]: recorded(exchange, maintenances),
  });
  return { items: await adapter.read(http, 'en'), requests };
};

describe('status pages (Statuspage API v2)', () => {
  it('reads Kraken incidents and maintenances: links on the status site, updates newest first', async () => {
    const { items, requests } = await read(kraken, 'kraken', 'incidents', 'scheduled-maintenances');
    expect(requests.map((r) => r.url.href).sort()).toEqual([
      `https://status.kraken.com${INCIDENTS}`,
      `https://status.kraken.com${MAINTENANCES}`,
    ]);
    expect(items.map((i) => [i.title, i.link, i.publishedAt?.toISOString()])).toEqual([
      [
        'Delayed Funding - Solana (SOL)',
        'https://status.kraken.com/incidents/x3m8kq1v0d7r',
        '2026-11-24T09:41:07.318Z',
      ],
      [
        'Kraken Futures Scheduled Maintenance',
        'https://status.kraken.com/incidents/v5n7b9m1k3j2',
        '2026-11-23T10:00:12.771Z',
      ],
      [
        'Degraded Performance - Kraken Pro Order Placement',
        'https://status.kraken.com/incidents/c7q2w9e4r1ty',
        '2026-11-22T15:02:33.114Z',
      ],
    ]);
    expect(items[0]).toMatchObject({
      key: items[0]!.link,
      summary: null,
      locale: 'en',
      feedLocale: null,
      categories: ['maintenance'],
      exchange: 'kraken',
      kind: 'announcements',
      origin: 'kraken-status:en#1',
    });
    expect(items[0]!.html).toBe(
      '<p><strong>Monitoring:</strong> SOL deposits and withdrawals are being processed again. We are monitoring the backlog.</p>' +
        '<p><strong>Investigating:</strong> SOL deposits and withdrawals are delayed while we investigate an issue with a node provider.</p>' +
        '<p>Funds are safe. We will post an update shortly.</p>',
    );
    expect(items[1]!.text).toBe(
      'Scheduled: 2026-11-26 08:00 UTC – 2026-11-26 09:30 UTC\n\nScheduled: Kraken Futures will be unavailable during the maintenance window. Open orders will not be cancelled.',
    );
    expect(items.every((i) => i.categories[0] === 'maintenance')).toBe(true);
  });

  it('reads Coinbase under our "Coinbase Exchange", postmortems and completed maintenances included', async () => {
    const { items } = await read(coinbase, 'coinbase', 'incidents', 'scheduled-maintenances');
    expect(items.map((i) => [i.title, i.link])).toEqual([
      ['Delayed sends and receives on Solana', 'https://status.coinbase.com/incidents/w8j3n5b7v9c1'],
      ['Degraded performance on Coinbase Exchange order entry', 'https://status.coinbase.com/incidents/t4y6u8i0o2p4'],
      ['Coinbase Exchange sandbox maintenance', 'https://status.coinbase.com/incidents/m9a8i7n6t5e4'],
    ]);
    expect(items.every((i) => i.exchange === 'coinbase-exchange' && i.origin.startsWith('coinbase-status:en#'))).toBe(
      true,
    );
    expect(items[2]!.text.split('\n\n')).toEqual([
      'Scheduled: 2026-11-19 01:00 UTC – 2026-11-19 03:00 UTC',
      'Completed: The scheduled maintenance has been completed.',
      'In progress: Scheduled maintenance is currently in progress. We will provide updates as necessary.',
      'Scheduled: The Coinbase Exchange sandbox will be unavailable during this window.',
    ]);
  });

  it('keeps non-ASCII titles and text as they are', async () => {
    const k = await read(kraken, 'kraken', 'nonascii', 'empty-maintenances');
    expect(k.items.map((i) => i.title)).toEqual(['SEPA (€) Deposits Delayed – Banking Partner Maintenance']);
    expect(k.items[0]!.text).toBe(
      'Identified: Our banking partner’s maintenance delays SEPA (€) deposits. Deposits made since 07:00 UTC will be credited once it ends — no action is needed.',
    );
    const c = await read(coinbase, 'coinbase', 'nonascii', 'empty-maintenances');
    expect(c.items[0]!.title).toBe('Delayed EURC (€) withdrawals – Société Générale–FORGE EURCV transfers paused');
  });

  it('decodes and strips titles, sanitises update bodies; a notice whose id is no id is left out', async () => {
    const k = await read(kraken, 'kraken', 'html', 'empty-maintenances');
    expect(k.items).toHaveLength(1);
    expect(k.items[0]!.title).toBe('Funding Delays & Connectivity Issues');
    expect(k.items[0]!.html).toBe(
      '<p><strong>Investigating:</strong> We are investigating. See <a href="https://support.kraken.com/hc/en-us/articles/funding" rel="nofollow noopener noreferrer">our funding guide</a> &amp; this.</p>',
    );
    const c = await read(coinbase, 'coinbase', 'html', 'empty-maintenances');
    expect(c.items[0]!.title).toBe('Coinbase "Advanced" trade: login');
    expect(c.items[0]!.html).toBe(
      '<p><strong>Identified:</strong> We identified the cause.</p><p><a href="https://help.coinbase.com/en/coinbase/other-topics/other/status" rel="nofollow noopener noreferrer">Help</a></p>',
    );
    const all = JSON.stringify([...k.items, ...c.items]);
    expect(all).not.toMatch(/script|onerror|onclick|javascript:|tracker|evil|<style|<form|password|target=/);
  });

  it('a changed envelope is a source error, and the round fails whole', async () => {
    await expect(read(kraken, 'kraken', 'malformed', 'scheduled-maintenances')).rejects.toThrow(
      /kraken-status: unexpected payload: incidents/,
    );
    await expect(read(coinbase, 'coinbase', 'malformed', 'scheduled-maintenances')).rejects.toThrow(
      /none of 2 rows readable/,
    );
    const { http } = fakeHttp(kraken, {
      [INCIDENTS]: recorded('kraken', 'incidents'),
      [MAINTENANCES]: { status: 200, body: '<html>Maintenance</html>' },
    });
    await expect(kraken.read(http, 'en')).rejects.toThrow(SourceError);
    expect(http.state().status).toBe('failing');
  });

  it('publishes English only', async () => {
    const { http, requests } = fakeHttp(kraken, {});
    await expect(kraken.read(http, 'zh')).rejects.toThrow(/no zh announcements/);
    expect(requests).toHaveLength(0);
  });
});
