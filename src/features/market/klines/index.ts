// The market/klines feature's server face (read model, routes): what other code may use.
export * from './klines.server.ts';
export * from './chartSeries.ts';
export * from './coinChart.server.ts';
export * from './priceChart.ts';
export * from './klineChart.ts';
export * from './routes.ts';
