import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configKeys, parseConfig, siteOrigin } from './config.ts';

describe('docs/configuration.md', () => {
  it('documents every setting the server reads, in its table', () => {
    const doc = fs.readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const rows = doc.split('\n').filter((l) => l.startsWith('| `'));
    const undocumented = configKeys().filter((key) => !rows.some((row) => row.split('|')[1]!.includes(`\`${key}\``)));
    expect(configKeys().length).toBeGreaterThan(20);
    expect(undocumented).toEqual([]);
  });
});

describe('siteOrigin', () => {
  it('uses SITE_URL when set, without path or trailing slash', () => {
    expect(siteOrigin(parseConfig({ SITE_URL: 'https://coinlens.example/some/path/' }))).toBe(
      'https://coinlens.example',
    );
  });

  it('falls back to the address the server listens on', () => {
    expect(siteOrigin(parseConfig({}))).toBe('http://localhost:4321');
    expect(siteOrigin(parseConfig({ HOST: '0.0.0.0', PORT: '8080' }))).toBe('http://localhost:8080');
    expect(siteOrigin(parseConfig({ HOST: '127.0.0.1', PORT: '4399' }))).toBe('http://127.0.0.1:4399');
    expect(siteOrigin(parseConfig({ HOST: '::1', PORT: '80' }))).toBe('http://[::1]:80');
  });

  it('refuses a SITE_URL that is not an address', () => {
    expect(() => parseConfig({ SITE_URL: 'coinlens.example' })).toThrow(ConfigError);
  });
});

describe('SEED_COINS', () => {
  it('is unset by default (the real coin universe) and takes a whole number of coins', () => {
    expect(parseConfig({}).SEED_COINS).toBeUndefined();
    expect(parseConfig({ SEED_COINS: '' }).SEED_COINS).toBeUndefined();
    expect(parseConfig({ SEED_COINS: '20000' }).SEED_COINS).toBe(20_000);
  });

  it('refuses what is not a sensible number of coins, naming the variable', () => {
    for (const bad of ['many', '1.5', '0', '-3', '100001']) {
      expect(() => parseConfig({ SEED_COINS: bad })).toThrow(/SEED_COINS/);
    }
  });
});
