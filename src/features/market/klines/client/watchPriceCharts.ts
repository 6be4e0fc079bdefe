/**
 * Mounts each coin price chart placeholder (`[data-price-chart]`) when it comes near the
 * viewport; the chart's code (lightweight-charts) is only fetched then.
 */
export function watchPriceCharts(root: ParentNode = document): void {
  const slots = [...root.querySelectorAll<HTMLElement>('[data-price-chart]')];
  if (!slots.length) return;
  const mount = (el: HTMLElement) =>
    void import('./mountPriceChart.ts').then(({ mountPriceChart }) => mountPriceChart(el));
  if (typeof IntersectionObserver === 'undefined') {
    slots.forEach(mount);
    return;
  }
  const io = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        io.unobserve(entry.target);
        mount(entry.target as HTMLElement);
      }
    },
    { rootMargin: '200px' },
  );
  slots.forEach((s) => io.observe(s));
}
