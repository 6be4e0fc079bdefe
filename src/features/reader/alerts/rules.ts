/**
 * When a price alert fires: once per crossing. Crossing the level fires and disarms the alert; it
 * re-arms only after the market has come back past the level by a margin, so a price that
 * oscillates around the level (as live prices do, tick by tick) notifies once, not every tick.
 * Pure: the rounds (alerts.server.ts) and the tests call it alike.
 */
export type AlertKind = 'ABOVE' | 'BELOW' | 'CHANGE_24H';

/** How far back past the level re-arms an alert: 1 % of a price level, 1 point of a 24h move (half of a smaller one). */
export const REARM_FRACTION = 0.01;
export const REARM_POINTS = 1;

export interface AlertState {
  kind: AlertKind;
  /** USD for ABOVE and BELOW, percent for CHANGE_24H. */
  level: number;
  armed: boolean;
}

/** Whether the market meets the alert's condition. */
export function met(a: Pick<AlertState, 'kind' | 'level'>, price: number, change24h: number | null): boolean {
  if (a.kind === 'ABOVE') return price >= a.level;
  if (a.kind === 'BELOW') return price <= a.level;
  return change24h !== null && Math.abs(change24h) >= a.level;
}

/** Whether the market is back past the level by the margin. */
function back(a: Pick<AlertState, 'kind' | 'level'>, price: number, change24h: number | null): boolean {
  if (a.kind === 'ABOVE') return price <= a.level * (1 - REARM_FRACTION);
  if (a.kind === 'BELOW') return price >= a.level * (1 + REARM_FRACTION);
  return change24h !== null && Math.abs(change24h) <= a.level - Math.min(REARM_POINTS, a.level / 2);
}

/** One round for one alert: fire (and disarm), re-arm, or nothing. */
export function step(a: AlertState, price: number, change24h: number | null): 'fire' | 'rearm' | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  if (a.armed) return met(a, price, change24h) ? 'fire' : null;
  return back(a, price, change24h) ? 'rearm' : null;
}
