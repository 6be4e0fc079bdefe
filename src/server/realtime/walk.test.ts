import { describe, expect, it } from 'vitest';
import { carryChange, changePercent, DAY_MS, nextPrice, normal } from './walk.ts';

/** A small deterministic uniform generator (mulberry32). */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('random walk', () => {
  it('scales a one-sigma shock by the daily volatility and the interval', () => {
    const step = Math.log(nextPrice(100, 0.04, 3000, 1) / 100);
    expect(step).toBeCloseTo(0.04 * Math.sqrt(3000 / DAY_MS), 12);
    // Four times the interval: twice the step.
    expect(Math.log(nextPrice(100, 0.04, 12_000, 1) / 100)).toBeCloseTo(2 * step, 12);
    expect(nextPrice(100, 0, 3000, 3)).toBe(100);
  });

  it('clamps shocks to four sigma', () => {
    expect(nextPrice(1, 0.05, DAY_MS, 50)).toBeCloseTo(Math.exp(0.2), 12);
    expect(nextPrice(1, 0.05, DAY_MS, -50)).toBeCloseTo(Math.exp(-0.2), 12);
  });

  it('has the coin volatility as the spread of a day of steps', () => {
    const random = rng(42);
    const interval = 60_000;
    const steps = DAY_MS / interval;
    const days: number[] = [];
    for (let d = 0; d < 400; d++) {
      let p = 50;
      for (let k = 0; k < steps; k++) p = nextPrice(p, 0.05, interval, normal(random));
      days.push(Math.log(p / 50));
    }
    const mean = days.reduce((a, b) => a + b, 0) / days.length;
    const sd = Math.sqrt(days.reduce((a, b) => a + (b - mean) ** 2, 0) / (days.length - 1));
    expect(sd).toBeGreaterThan(0.044);
    expect(sd).toBeLessThan(0.056);
  });

  it('computes and carries the 24-hour change', () => {
    expect(changePercent(110, 100)).toBeCloseTo(10, 12);
    expect(changePercent(110, 0)).toBeNull();
    expect(changePercent(110, null)).toBeNull();
    // +10 % then a further +10 %: +21 %.
    expect(carryChange(10, 100, 110)).toBeCloseTo(21, 10);
    expect(carryChange(null, 100, 110)).toBeNull();
  });
});
