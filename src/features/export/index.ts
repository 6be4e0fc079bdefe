// The export feature's server face (read model, routes): what other code may use.
export * from './markup.ts';
export * from './tables.server.ts';
export * from './write.server.ts';
