// The content/lives feature's server face (read model, routes): what other code may use.
export * from './lives.server.ts';
export * from './routes.ts';
