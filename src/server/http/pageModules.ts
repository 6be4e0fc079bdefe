import type { SSRManifest } from 'astro';

/**
 * Astro asks the build's page map for a route's module on every request, and each entry is a
 * dynamic `import()`: for a module long loaded, still a walk through Node's module loader and a
 * few promises per render (2% of an uncached list page). Each entry keeps its first answer
 * instead. A failed import is not kept, so the next request tries again.
 */
export function rememberPageModules(manifest: Pick<SSRManifest, 'pageMap'>): void {
  const pages = manifest.pageMap;
  if (!pages) return;
  for (const [component, load] of pages) {
    let loaded: ReturnType<typeof load> | undefined;
    pages.set(component, () => {
      loaded ??= load().catch((err: unknown) => {
        loaded = undefined;
        throw err;
      });
      return loaded;
    });
  }
}
