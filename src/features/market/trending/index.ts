// The market/trending feature's server face (read models, routes): what other code may use.
export * from './newCoins.server.ts';
export * from './routes.ts';
export * from './trending.server.ts';
