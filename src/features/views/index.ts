// The views feature's server face (read model, routes): what other code may use.
export * from './pageViews.server.ts';
export * from './routes.ts';
export * from './views.server.ts';
