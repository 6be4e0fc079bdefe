import { describe, expect, it } from 'vitest';
import { step, type AlertState } from './rules.ts';

/** Runs a series of prices through one alert; counts the notices. */
function run(alert: AlertState, prices: number[], changes: (number | null)[] = prices.map(() => null)) {
  let fired = 0;
  const a = { ...alert };
  prices.forEach((p, i) => {
    const s = step(a, p, changes[i]!);
    if (s === 'fire') {
      fired++;
      a.armed = false;
    } else if (s === 'rearm') a.armed = true;
  });
  return fired;
}

describe('price alert crossings', () => {
  it('notifies once while the price oscillates around the level', () => {
    const wobble = Array.from({ length: 200 }, (_, i) => 100_000 + (i % 2 ? 50 : -50));
    expect(run({ kind: 'ABOVE', level: 100_000, armed: true }, wobble)).toBe(1);
    expect(run({ kind: 'BELOW', level: 100_000, armed: true }, wobble)).toBe(1);
  });

  it('fires again only after coming back by the margin and crossing again', () => {
    const a: AlertState = { kind: 'ABOVE', level: 100, armed: true };
    expect(run(a, [99, 101, 99.5, 101])).toBe(1); // 99.5 is within 1 %: still disarmed
    expect(run(a, [99, 101, 98.9, 101, 98.9, 101])).toBe(3);
    expect(run({ kind: 'BELOW', level: 100, armed: true }, [101, 99, 100.5, 99, 101.1, 99])).toBe(2);
  });

  it('a 24h move of more than N % either way, re-armed a point inside', () => {
    const a: AlertState = { kind: 'CHANGE_24H', level: 5, armed: true };
    const prices = [1, 1, 1, 1, 1, 1];
    expect(run(a, prices, [4, 5.2, 4.5, 5.5, 3.9, -6])).toBe(2);
    expect(run(a, [1, 1], [null, null])).toBe(0);
  });

  it('ignores a price that is not a price', () => {
    expect(step({ kind: 'BELOW', level: 1, armed: true }, 0, null)).toBeNull();
    expect(step({ kind: 'BELOW', level: 1, armed: true }, Number.NaN, null)).toBeNull();
  });
});
