/** Numeric columns arrive as strings (exact decimals); read models carry JS numbers for display. */
export function num(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** a / b × 100, or null when either side is missing or b is zero. */
export function percentOf(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return (a / b) * 100;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}
