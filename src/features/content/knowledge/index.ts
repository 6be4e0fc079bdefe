// The content/knowledge feature's server face (read model, routes, the index's markup): what other code may use.
export * from './knowledge.server.ts';
export * from './routes.ts';
export * from './topics.server.ts';
export { baikeEntriesHtml } from './markup.ts';
