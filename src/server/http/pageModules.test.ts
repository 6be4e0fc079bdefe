import type { SSRManifest } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { rememberPageModules } from './pageModules.ts';

type PageMap = NonNullable<SSRManifest['pageMap']>;
type Loaded = Awaited<ReturnType<PageMap extends Map<string, infer Load> ? Load : never>>;

describe('rememberPageModules', () => {
  it('imports each page module once and answers later requests with the same module', async () => {
    const moduleA = { page: () => ({}) } as unknown as Loaded;
    const moduleB = { page: () => ({}) } as unknown as Loaded;
    const loadA = vi.fn(async () => moduleA);
    const loadB = vi.fn(async () => moduleB);
    const manifest = {
      pageMap: new Map([
        ['src/pages/a.astro', loadA],
        ['src/pages/b.astro', loadB],
      ]) as PageMap,
    };
    rememberPageModules(manifest);
    const a = manifest.pageMap.get('src/pages/a.astro')!;
    expect(await Promise.all([a(), a(), a()])).toEqual([moduleA, moduleA, moduleA]);
    expect(await manifest.pageMap.get('src/pages/b.astro')!()).toBe(moduleB);
    expect(loadA).toHaveBeenCalledTimes(1);
    expect(loadB).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import, so the next request tries again', async () => {
    const module = { page: () => ({}) } as unknown as Loaded;
    const load = vi
      .fn<() => Promise<Loaded>>()
      .mockRejectedValueOnce(new Error('disk hiccup'))
      .mockResolvedValue(module);
    const manifest = { pageMap: new Map([['src/pages/a.astro', load]]) as PageMap };
    rememberPageModules(manifest);
    const a = manifest.pageMap.get('src/pages/a.astro')!;
    await expect(a()).rejects.toThrow('disk hiccup');
    expect(await a()).toBe(module);
    expect(await a()).toBe(module);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('leaves a manifest without a page map alone', () => {
    expect(() => rememberPageModules({ pageMap: undefined })).not.toThrow();
  });
});
