// The content/community feature's server face (read model, routes): what other code may use.
export * from './community.server.ts';
export * from './page.ts';
export * from './questions.server.ts';
export * from './routes.ts';
export * from './social.server.ts';
