import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { compactingCollection, SERVER_ENV, SERVER_NODE_FLAGS } from './runtimeEnv.mjs';

describe('the server environment', () => {
  const scripts = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'))
    .scripts as Record<string, string>;

  it('is what npm start sets, so the benchmarks measure the server npm start runs', () => {
    const [env = '', rest = ''] = scripts.start!.split(' node ');
    expect(Object.fromEntries(env.split(' ').map((pair) => pair.split('=') as [string, string]))).toEqual(SERVER_ENV);
    expect(rest).toBe([...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });

  it('is what the deployment examples in docs/operations.md set (systemd and the Dockerfile)', () => {
    const doc = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
    const pairs = Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v}`);
    const systemd = doc.match(/^Environment=PORT=.*$/m)?.[0] ?? '';
    const dockerEnv = doc.match(/^ENV NODE_ENV=.*$/m)?.[0] ?? '';
    for (const pair of pairs) {
      expect(systemd.split(' ')).toContain(pair);
      expect(dockerEnv.split(' ')).toContain(pair);
    }
    expect(doc).toContain(`ExecStart=/usr/bin/node ${[...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' ')}`);
    expect(doc).toContain(
      `CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'scripts/start.mjs']).replaceAll(',', ', ')}`,
    );
  });

  it('collects with compaction when the process has gc, and does nothing without', () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', undefined);
    expect(compactingCollection()).toBe(false);
    vi.stubGlobal('gc', gc);
    expect(compactingCollection()).toBe(true);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
