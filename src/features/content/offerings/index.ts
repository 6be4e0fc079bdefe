// The content/offerings feature's server face (read model, routes): what other code may use.
export * from './offerings.server.ts';
export * from './routes.ts';
