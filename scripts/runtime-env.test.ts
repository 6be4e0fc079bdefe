import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV } from './runtime-env.mjs';

describe('the server environment', () => {
  const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;

  it('is what npm start sets, so the benchmarks measure the server npm start runs', () => {
    const prefix = scripts.start!.split(' node ')[0]!;
    const set = Object.fromEntries(prefix.split(' ').map((pair) => pair.split('=') as [string, string]));
    expect(set).toEqual(SERVER_ENV);
    expect(scripts.start).toMatch(/ node scripts\/start\.mjs$/);
  });
});
