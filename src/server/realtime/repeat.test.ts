import { describe, expect, it } from 'vitest';
import { Repeat } from './repeat.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Repeat', () => {
  it('runs at once, then the interval after each run ends, one at a time; failures are reported and it goes on', async () => {
    const events: string[] = [];
    let n = 0;
    const errors: unknown[] = [];
    const r = new Repeat(
      20,
      async () => {
        const i = ++n;
        events.push(`start ${i}`);
        await sleep(30);
        events.push(`end ${i}`);
        if (i === 2) throw new Error('boom');
      },
      (e) => errors.push(e),
    );
    r.start();
    r.start();
    expect(events).toEqual(['start 1']);
    await sleep(170);
    await r.stop();
    expect(n).toBeGreaterThanOrEqual(3);
    // Strictly alternating: never two runs at once.
    expect(events).toEqual(Array.from({ length: n }, (_, i) => [`start ${i + 1}`, `end ${i + 1}`]).flat());
    expect(errors).toEqual([new Error('boom')]);
    const after = n;
    await sleep(80);
    expect(n).toBe(after);
  });

  it('stop waits for the run in progress', async () => {
    let done = false;
    const r = new Repeat(
      1000,
      async () => {
        await sleep(50);
        done = true;
      },
      () => {},
    );
    r.start();
    await r.stop();
    expect(done).toBe(true);
    expect(r.running).toBe(false);
  });

  it('with startNow: false, waits one interval before the first run', async () => {
    let runs = 0;
    const r = new Repeat(
      300,
      async () => {
        runs++;
      },
      () => {},
      { startNow: false },
    );
    r.start();
    await sleep(100);
    expect(runs).toBe(0);
    await expect.poll(() => runs, { timeout: 2000 }).toBeGreaterThanOrEqual(1);
    await r.stop();
  });
});
