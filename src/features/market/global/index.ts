// The market/global feature's server face (read model, recorder, routes, the series' rules): what other code may use.
export * from './global.server.ts';
export * from './record.server.ts';
export * from './routes.ts';
export * from './series.ts';
