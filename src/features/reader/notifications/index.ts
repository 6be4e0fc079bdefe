// The reader/notifications feature's server face (read model, routes): what other code may use.
export * from './pushRoutes.ts';
export * from './routes.ts';
export * from './subscriptions.server.ts';
