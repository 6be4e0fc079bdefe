import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './runtimeEnv.mjs';

describe('the server environment', () => {
  const scripts = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'))
    .scripts as Record<string, string>;

  it('is what npm start sets, so the benchmarks measure the server npm start runs', () => {
    const [env = '', rest = ''] = scripts.start!.split(' node ');
    expect(Object.fromEntries(env.split(' ').map((pair) => pair.split('=') as [string, string]))).toEqual(SERVER_ENV);
    expect(rest).toBe([...SERVER_NODE_FLAGS, 'scripts/start.mjs'].join(' '));
  });
});
