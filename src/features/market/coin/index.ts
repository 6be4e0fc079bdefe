// The market/coin feature's server face (read model, routes): what other code may use.
export * from './formulas.ts';
export * from './history.server.ts';
export * from './historyQuery.ts';
export * from './priceAnalysis.ts';
export * from './routes.ts';
