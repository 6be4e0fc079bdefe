// The market/coins feature's server face (read model, routes): what other code may use.
export * from './coins.server.ts';
export * from './detail.server.ts';
export * from './icons.server.ts';
export * from './names.server.ts';
export * from './routes.ts';
export * from './sparklines.server.ts';
export * from './totals.server.ts';
