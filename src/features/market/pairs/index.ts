// The market/pairs feature's server face (read model, routes): what other code may use.
export * from './pairs.server.ts';
export * from './routes.ts';
