// The reader/account feature's server face (read model, routes): what other code may use.
export * from './avatar.server.ts';
export * from './links.server.ts';
export * from './publicProfile.server.ts';
export { profileRoutes } from './profileRoutes.ts';
export { passkeyRoutes } from './passkeyRoutes.ts';
export { accountRoutes } from './routes.ts';
export { twoFactorRoutes } from './twoFactorRoutes.ts';
export { delivery } from './delivery.server.ts';
