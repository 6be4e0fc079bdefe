// The search feature's server face (read model, routes): what other code may use.
export * from './explorers.server.ts';
export * from './routes.ts';
export * from './contentSearch.server.ts';
export * from './query.server.ts';
export * from './search.server.ts';
