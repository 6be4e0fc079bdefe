/**
 * Starts each kline chart of the page (`[data-kline-chart]`, the server's markup of
 * ../klineChart.ts) at once: it is the page's main content. Its code, and lightweight-charts
 * after it, load as a separate chunk.
 */
export function startKlineCharts(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-kline-chart]'))
    void import('./mountKlineChart.ts').then(({ mountKlineChart }) => mountKlineChart(el));
}
