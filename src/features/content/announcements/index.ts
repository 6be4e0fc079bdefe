// The content/announcements feature's server face (read model, routes, a list's markup): what other code may use.
export * from './announcements.server.ts';
export * from './detail.server.ts';
export * from './counts.server.ts';
export * from './hot.server.ts';
export * from './notices.server.ts';
export * from './routes.ts';
export { exchangeArticleItemsHtml } from './markup.ts';
