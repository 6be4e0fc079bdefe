// The content/sources feature's server face: the sources' catalogue, their health, the demo state per kind.
export * from './catalogue.ts';
export * from './sources.server.ts';
export * from './origin.ts';
export * from './markup.ts';
