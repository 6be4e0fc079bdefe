// The content/offerings feature's server face (read model, routes): what other code may use.
export * from './listing.ts';
export * from './offerings.server.ts';
export * from './platforms.server.ts';
export * from './routes.ts';
