// The market/rankings feature's server face (read model, routes): what other code may use.
export * from './hot.server.ts';
export * from './hotRoutes.ts';
export * from './queries.server.ts';
export * from './rankings.server.ts';
export * from './routes.ts';
