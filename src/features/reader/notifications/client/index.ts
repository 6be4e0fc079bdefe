// The reader/notifications feature's browser face (islands and client code): what other code may use.
export * from './device.ts';
export * from './loader.ts';
