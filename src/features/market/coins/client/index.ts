// The market/coins feature's browser face (islands and client code): what other code may use.
export * from './cells.ts';
export * from './markup.ts';
