export * from './market.ts';
export * from './content.ts';
export * from './users.ts';
export * from './activity.ts';
