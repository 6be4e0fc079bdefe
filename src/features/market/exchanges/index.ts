// The market/exchanges feature's server face (read model, routes): what other code may use.
export * from './accounts.server.ts';
export * from './exchanges.server.ts';
export * from './routes.ts';
