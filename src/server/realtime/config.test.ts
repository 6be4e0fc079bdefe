import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';

describe('live-price settings', () => {
  it('default to the simulated market every 3 s', () => {
    const c = parseConfig({});
    expect(c.LIVE).toBe('sim');
    expect(c.LIVE_INTERVAL_MS).toBe(3000);
  });

  it('accept off and an interval in milliseconds', () => {
    const c = parseConfig({ LIVE: 'off', LIVE_INTERVAL_MS: '1000' });
    expect(c.LIVE).toBe('off');
    expect(c.LIVE_INTERVAL_MS).toBe(1000);
  });

  it.each([
    [{ LIVE: 'yes' }, /LIVE/],
    [{ LIVE_INTERVAL_MS: '10' }, /LIVE_INTERVAL_MS/],
    [{ LIVE_INTERVAL_MS: 'soon' }, /LIVE_INTERVAL_MS/],
  ])('reject %o naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });
});
