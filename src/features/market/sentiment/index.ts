// The market/sentiment feature's server face (read model, routes, the index's classes): what other code may use.
export * from './classes.ts';
export * from './routes.ts';
export * from './sentiment.server.ts';
