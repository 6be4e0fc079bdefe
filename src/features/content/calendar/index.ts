// The content/calendar feature's server face (read model, routes): what other code may use.
export * from './calendar.server.ts';
export * from './routes.ts';
