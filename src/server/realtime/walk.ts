/**
 * The simulated market's price move: a geometric random walk whose step is the coin's daily
 * volatility scaled to the tick interval (σ·√(Δt / 1 day)), with shocks clamped to ±4σ.
 */
export const DAY_MS = 86_400_000;

/** A standard normal variate (Box–Muller) from a uniform generator. */
export function normal(random: () => number = Math.random): number {
  let u = 0;
  while (u === 0) u = random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * The next price after `intervalMs` for a coin with daily volatility `volatility` (a fraction).
 * @example nextPrice(100, 0.03, 3000, 1) // ≈ 100.56: one σ of a 3 s step
 */
export function nextPrice(price: number, volatility: number, intervalMs: number, shock: number): number {
  const sigma = Math.max(0, volatility) * Math.sqrt(intervalMs / DAY_MS);
  const z = Math.max(-4, Math.min(4, shock));
  return price * Math.exp(sigma * z);
}

/** The 24-hour change in percent against a reference price, or null without one. */
export function changePercent(price: number, reference: number | null | undefined): number | null {
  if (!reference || !(reference > 0)) return null;
  return (price / reference - 1) * 100;
}

/** Carries a stored 24-hour change forward when the reference price is unknown. */
export function carryChange(change24h: number | null, previous: number, price: number): number | null {
  if (change24h === null || !(previous > 0)) return null;
  return ((1 + change24h / 100) * (price / previous) - 1) * 100;
}
