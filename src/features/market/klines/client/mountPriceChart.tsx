/**
 * Mounts the coin overview's PriceChart island over its server-rendered placeholder (see
 * src/features/market/coin/tabs/Overview.astro) once the placeholder scrolls into view: React and
 * lightweight-charts load only then, and the server renders no React at all.
 */
import { createRoot } from 'react-dom/client';
import PriceChart from './PriceChart.tsx';

type PriceChartProps = Parameters<typeof PriceChart>[0];

export function mountPriceChart(el: HTMLElement): void {
  if (el.dataset.mounted) return;
  el.dataset.mounted = '1';
  let props: PriceChartProps;
  try {
    props = JSON.parse(el.dataset.props ?? '') as PriceChartProps;
  } catch (e) {
    console.error('[price chart] bad props', e);
    return;
  }
  createRoot(el).render(<PriceChart {...props} />);
}
