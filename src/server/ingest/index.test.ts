// LIVE=auto's probe on a machine where no source answers (no network): it must fall back without
// Node's MaxListenersExceededWarning, which the start log used to print (every source's requests
// and retry waits listened on one shared abort signal).
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { createSources, probe } from './index.ts';

/** A local port nothing listens on: every request to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off('warning', onWarning);
  warnings.length = 0;
});

describe('probe', () => {
  it('gives up on sources that do not answer without a process warning', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const c = parseConfig({
      BINANCE_URL: down,
      BINANCE_FUTURES_URL: down,
      OKX_URL: down,
      BYBIT_URL: down,
      KRAKEN_URL: down,
    });
    const sources = createSources(c);
    expect(sources.length).toBe(5);
    process.on('warning', onWarning);
    const result = await probe(sources, 4000);
    // Every retry has been waited for (2 retries of at most 1.5 s and 3 s backoff within the probe).
    await Promise.allSettled(result.asked.values());
    expect(result.first).toBeNull();
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });
});
