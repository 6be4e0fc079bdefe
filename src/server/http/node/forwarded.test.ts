import { describe, expect, it } from 'vitest';
import { renderInputs, variantKey } from '../renderInputs.ts';
import { dropForwarded } from './answers.mjs';

const forged = () => ({
  host: 'localhost',
  'x-forwarded-for': '203.0.113.9',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-port': '443',
  forwarded: 'for=203.0.113.9;proto=https',
});

/** The render inputs and cache key a request gets once the server has filtered its headers. */
function seen(headers: Record<string, string>) {
  const url = new URL('http://localhost/coin/list_1');
  const header = (name: string) => headers[name];
  const inputs = renderInputs(url, header, {});
  return { secure: inputs.secure, key: variantKey('GET', url, inputs, header) };
}

describe('dropForwarded', () => {
  it('takes no proxy header from a client unless TRUST_PROXY says a proxy sets them', () => {
    const direct = forged();
    dropForwarded(direct, false);
    expect(direct).toEqual({ host: 'localhost' });
    const proxied = forged();
    dropForwarded(proxied, true);
    expect(proxied).toEqual(forged());
  });

  it('so a forged protocol neither turns on HSTS nor reaches another page-cache variant', () => {
    const plain = seen({ host: 'localhost' });
    const direct = forged();
    dropForwarded(direct, false);
    expect(seen(direct)).toEqual(plain);
    const proxied = forged();
    dropForwarded(proxied, true);
    expect(seen(proxied).secure).toBe(true);
    expect(seen(proxied).key).not.toBe(plain.key);
  });
});
