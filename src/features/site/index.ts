// The site feature's server face (read model, routes): what other code may use.
export * from './cards/cards.server.ts';
export * from './dataRoutes.ts';
export * from './feeds.server.ts';
export * from './site.server.ts';
export * from './sitemap.server.ts';
export * from './sitemapSections.server.ts';
