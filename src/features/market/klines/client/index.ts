// The market/klines feature's browser face (islands and client code): what other code may use.
export * from './startKlineCharts.ts';
export * from './watchPriceCharts.ts';
