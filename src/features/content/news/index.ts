// The content/news feature's server face (read model, routes): what other code may use.
export * from './article.server.ts';
export * from './listing.ts';
export * from './news.server.ts';
export * from './routes.ts';
