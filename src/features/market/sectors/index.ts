// The market/sectors feature's server face (read model, routes): what other code may use.
export * from './sectors.server.ts';
export * from './routes.ts';
