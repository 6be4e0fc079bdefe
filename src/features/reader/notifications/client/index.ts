// The reader/notifications feature's browser face (islands and client code): what other code may use.
export * from './loader.ts';
