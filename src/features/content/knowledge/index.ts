// The content/knowledge feature's server face (read model, routes): what other code may use.
export * from './knowledge.server.ts';
export * from './routes.ts';
export * from './topics.server.ts';
