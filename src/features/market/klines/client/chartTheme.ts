/**
 * Colours the chart islands take from the page: the theme variables of base.css and the
 * locale's rise/fall convention (--color-rise/--color-fall on <html>), re-read when the theme
 * toggles (data-theme on <html>).
 */
export interface ChartColours {
  bg: string;
  fg: string;
  muted: string;
  border: string;
  rise: string;
  fall: string;
  accent: string;
}

const FALLBACK: ChartColours = {
  bg: '#ffffff',
  fg: '#111827',
  muted: '#5b6475',
  border: '#e3e6eb',
  rise: '#137333',
  fall: '#c0262d',
  accent: '#2563eb',
};

export function readColours(): ChartColours {
  if (typeof document === 'undefined') return FALLBACK;
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    bg: v('--bg', FALLBACK.bg),
    fg: v('--fg', FALLBACK.fg),
    muted: v('--fg-soft', FALLBACK.muted),
    border: v('--border', FALLBACK.border),
    rise: v('--color-rise', FALLBACK.rise),
    fall: v('--color-fall', FALLBACK.fall),
    accent: v('--accent', FALLBACK.accent),
  };
}

/** Calls `onChange` with fresh colours whenever the theme changes; returns the unsubscribe. */
export function watchTheme(onChange: (c: ChartColours) => void): () => void {
  const observer = new MutationObserver(() => onChange(readColours()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
  return () => observer.disconnect();
}

/** A hex colour with an alpha channel (for volume bars). */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  return `#${m[1]}${Math.round(alpha * 255)
    .toString(16)
    .padStart(2, '0')}`;
}

/** The smallest price step worth showing for prices around `price` (5 significant digits). */
export function minMoveFor(price: number): number {
  if (!(price > 0)) return 0.01;
  return Math.min(0.01, 10 ** (Math.floor(Math.log10(price)) - 4));
}

/**
 * Gives the main thread back between the chart's start-up steps (the library's evaluation, the
 * chart's creation, the first candles' drawing): each is one task, and a tap or a key that
 * arrives meanwhile is handled between them instead of after all three (issue 25: one long task
 * of about a second on a throttled phone).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
