import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';

describe('notifier settings', () => {
  it('default to a run every 30 s and no loopback endpoints', () => {
    const c = parseConfig({});
    expect(c.NOTIFY_INTERVAL_MS).toBe(30_000);
    expect(c.PUSH_LOOPBACK).toBe('');
  });

  it('accept a shorter interval and loopback for the browser suite', () => {
    const c = parseConfig({ NOTIFY_INTERVAL_MS: '1000', PUSH_LOOPBACK: '1' });
    expect(c.NOTIFY_INTERVAL_MS).toBe(1000);
    expect(c.PUSH_LOOPBACK).toBe('1');
  });

  it.each([
    [{ NOTIFY_INTERVAL_MS: '50' }, /NOTIFY_INTERVAL_MS/],
    [{ NOTIFY_INTERVAL_MS: 'often' }, /NOTIFY_INTERVAL_MS/],
    [{ PUSH_LOOPBACK: 'yes' }, /PUSH_LOOPBACK/],
  ])('reject %o naming the variable', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });
});
