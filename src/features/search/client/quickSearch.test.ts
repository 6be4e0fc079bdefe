import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickSearchItem } from '../../../lib/search.ts';

const apiGet = vi.fn();
vi.mock('../../../stores/api.ts', () => ({ apiGet: (path: string, query?: unknown) => apiGet(path, query) }));

const { $explorers, $found, findOnServer, loadExplorers, mergeHits } = await import('./quickSearch.ts');

describe('explorer list of the quick search', () => {
  beforeEach(() => {
    apiGet.mockReset();
    $explorers.set({ status: 'idle', catalog: [] });
  });

  it('loads once, however many queries ask at the same time, and keeps it', async () => {
    const catalog = [{ explorer: 'etherscan', coins: [{ id: 'ethereum', symbol: 'ETH', name: 'Ethereum' }] }];
    apiGet.mockResolvedValue(catalog);
    const pending = Promise.all([loadExplorers(), loadExplorers()]);
    expect($explorers.get().status).toBe('loading');
    await pending;
    await loadExplorers();
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(apiGet).toHaveBeenCalledWith('/v1/quick_search/explorer', undefined);
    expect($explorers.get()).toEqual({ status: 'ready', catalog });
  });

  it('says it failed, and tries again on the next query', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    apiGet.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([]);
    await loadExplorers();
    expect($explorers.get().status).toBe('failed');
    await loadExplorers();
    expect($explorers.get()).toEqual({ status: 'ready', catalog: [] });
    expect(apiGet).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

const coin = (id: string, symbol: string, name: string, names?: Record<string, string>): QuickSearchItem => ({
  id,
  symbol,
  name,
  keys: [],
  ...(names ? { names } : {}),
});
const bitcoin = coin('bitcoin', 'BTC', 'Bitcoin', { zh: '比特币' });
const bitcoinCash = coin('bitcoin-cash', 'BCH', 'Bitcoin Cash');
const wrapped = coin('wrapped-bitcoin', 'WBTC', 'Wrapped Bitcoin');
// Ranked below the lists: only the server knows them.
const bit = coin('bit-token', 'BIT', 'Bit Token');
const orbit = coin('orbit-chain', 'ORB', 'Orbitcoin');

describe('merging the lists’ hits with the server’s', () => {
  it('puts an exact match from the server before the lists’ prefixes', () => {
    const merged = mergeHits([bitcoin, bitcoinCash], [bit, bitcoin], 'bit', 8);
    expect(merged.map((c) => c.id)).toEqual(['bit-token', 'bitcoin', 'bitcoin-cash']);
  });

  it('keeps the lists’ order within a tier and lists each coin once', () => {
    const merged = mergeHits([bitcoin, bitcoinCash, wrapped], [bitcoinCash, orbit, bitcoin], 'bitcoin', 8);
    // exact: Bitcoin; prefix: Bitcoin Cash; a word's prefix: Wrapped Bitcoin; substring: Orbitcoin
    expect(merged.map((c) => c.id)).toEqual(['bitcoin', 'bitcoin-cash', 'wrapped-bitcoin', 'orbit-chain']);
  });

  it('answers with the lists alone while the server has not, and cuts at the limit', () => {
    expect(mergeHits([bitcoin, bitcoinCash, wrapped], [], 'bitcoin', 2).map((c) => c.id)).toEqual([
      'bitcoin',
      'bitcoin-cash',
    ]);
    expect(mergeHits([], [bit], 'BIT ', 8)).toEqual([bit]);
  });

  it('ranks by local names too, and keeps a near match of the lists last', () => {
    const near = coin('ethereum', 'ETH', 'Ethereum');
    expect(mergeHits([near], [bitcoin], '比特币', 8).map((c) => c.id)).toEqual(['bitcoin', 'ethereum']);
  });
});

describe('asking the server', () => {
  beforeEach(() => {
    apiGet.mockReset();
    $found.set(new Map());
  });

  it('asks once per query, whatever its case or spacing, and keeps the answer', async () => {
    apiGet.mockResolvedValue({ coins: [bit], exchanges: [] });
    await Promise.all([findOnServer('Bit  Token'), findOnServer('bit token')]);
    await findOnServer(' BIT TOKEN ');
    expect(apiGet).toHaveBeenCalledTimes(1);
    expect(apiGet).toHaveBeenCalledWith('/v1/quick_search/find', { q: 'bit token' });
    expect($found.get().get('bit token')).toEqual({ status: 'ready', coins: [bit], exchanges: [] });
  });

  it('leaves one-character queries to the lists', async () => {
    await findOnServer('b');
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('logs a failure and keeps it, so the lists’ hits stand alone', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    apiGet.mockRejectedValueOnce(new Error('offline'));
    await findOnServer('gen560');
    expect($found.get().get('gen560')).toEqual({ status: 'failed', coins: [], exchanges: [] });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('keeps the answers of the last thirty queries', async () => {
    apiGet.mockResolvedValue({ coins: [], exchanges: [] });
    for (let i = 0; i < 35; i++) await findOnServer(String(100 + i));
    const keys = [...$found.get().keys()];
    expect(keys).toHaveLength(30);
    expect(keys[0]).toBe('105');
    expect(keys.at(-1)).toBe('134');
  });
});
