import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiGet = vi.fn();
vi.mock('../../../stores/api.ts', () => ({ apiGet: (path: string) => apiGet(path) }));

const { $explorers, loadExplorers } = await import('./quickSearch.ts');

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
    expect(apiGet).toHaveBeenCalledWith('/v1/quick_search/explorer');
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
