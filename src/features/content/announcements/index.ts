// The content/announcements feature's server face (read model, routes): what other code may use.
export * from './announcements.server.ts';
export * from './counts.server.ts';
export * from './notices.server.ts';
export * from './routes.ts';
