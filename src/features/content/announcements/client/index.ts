// The content/announcements feature's browser face (islands and client code): what other code may use.
export * from './detail.ts';
export * from './signedIn.ts';
